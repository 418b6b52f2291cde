import Foundation
import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeReplay
import TouchTapeTestSupport
import TouchTapeTracks

/// Every bundled and every peer recording (real hardware, other people's files), labelled as
/// a stream and read back as a whole: the events are the same, the chosen tracks carry the
/// new label (keeping what the edit does not touch) and the others keep theirs.
@Test func relabellingAsAStreamKeepsTheEventsAndLabelsOnlyTheChosenTracks() throws {
    let selection = try RecordingSelection([PackagePaths.recordings.path, PackagePaths.peerRecordings.path])
    #expect(selection.sources.count >= 18, "the 13 bundled and the peer recordings")
    let scratch = try PackagePaths.scratchDirectory("relabel")
    defer { try? FileManager.default.removeItem(at: scratch) }
    var tracksSeen = 0
    for (i, source) in selection.sources.enumerated() {
        let before = try RecordingReader.read(source)
        let oldTracks = before.tracks()
        let chosen = oldTracks.map(\.number).filter { $0 % 2 == 1 }
        for format in RecordingFormat.allCases {
            let path = scratch.appendingPathComponent("\(i).\(format.preferredPathExtension)").path
            let output = try OutputFile(path: path)
            var changes: [TrackRelabelling.Change] = []
            do {
                try RecordingRelabelling.relabel(source, locking: .standard, tracks: chosen, edit: .set(expected: ExpectedOutcome.none, note: nil),
                                                 format: format, output: output) { changes.append($0) }
            } catch let error as RecordingError where error.kind == .notRepresentable && format != .libinputRecord {
                continue   // a device name evemu's or getevent's one line cannot hold: convert refuses it the same way
            }
            try output.commit()
            let after = try RecordingReader.read(RecordingSource(path: path))
            #expect(after.events == before.events, "\(source.displayName) as \(format)")
            let newTracks = after.tracks()
            try #require(newTracks.count == oldTracks.count, "\(source.displayName)")
            #expect(changes.map(\.track) == chosen)
            for (old, new) in zip(oldTracks, newTracks) {
                var expected = old.annotation
                if chosen.contains(old.number) { expected.expected = ExpectedOutcome.none }
                #expect(new.annotation == expected, "\(source.displayName) track \(old.number) as \(format)")
                tracksSeen += 1
            }
        }
    }
    #expect(tracksSeen >= 50)
}

@Test func aTrackTheFileLacksIsRefusedBeforeAnythingIsWritten() throws {
    let source = try #require(try RecordingSelection([PackagePaths.recordings.path]).sources.first)
    let count = try RecordingRelabelling.trackCount(source, locking: .standard)
    let scratch = try PackagePaths.scratchDirectory("relabel")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = scratch.appendingPathComponent("out.evemu").path
    let output = try OutputFile(path: path)
    #expect(throws: RecordingRelabelling.Refusal.self) {
        try RecordingRelabelling.relabel(source, locking: .standard, tracks: [count + 1], edit: .clear, format: .evemu,
                                         output: output) { _ in }
    }
    #expect(!FileManager.default.fileExists(atPath: path))
}
