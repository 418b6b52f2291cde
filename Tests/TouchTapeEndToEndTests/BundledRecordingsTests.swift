import Foundation
import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeSynthesis
import TouchTapeTestSupport
import TouchTapeReplay
import TouchTapeTracks

/// `Recordings/` holds the recorder's output for the generator's plans (tools/remake-recordings):
/// one file per plan, recorded on a real kernel, with every track labelled as its plan says.
@Test(arguments: RecordingPlan.bundled.map(\.fileName))
func bundledRecordingIsRecorderOutputLabelledAsPlanned(fileName: String) throws {
    let plan = try #require(RecordingPlan.bundled.first { $0.fileName == fileName })
    let path = TouchTapeBinary.bundled(fileName)
    let recording = try RecordingReader.read(path: path)

    // The generator writes no kernel; `touchtape record` writes `uname -r` of the VM it ran in.
    #expect(recording.metadata.kernel != nil, "\(fileName) was not made by touchtape record: run tools/remake-recordings")
    #expect(recording.description.name == plan.device.description.name)

    let tracks = recording.tracks()
    #expect(tracks.map(\.annotation) == plan.gestures.map(\.annotation))
    #expect(tracks.allSatisfy { !$0.endsWithContactsDown })
}

/// Any file in `Recordings/`, planned or recorded with real fingers, is recorder output
/// whose every track says what it should do (an outcome, or a note saying why none).
@Test func everyFileInRecordingsIsRecordedAndLabelledOrExplained() throws {
    let folder = PackagePaths.recordings.path
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "README.md" }.sorted()
    #expect(Set(RecordingPlan.bundled.map(\.fileName)).isSubset(of: files))
    for file in files {
        let recording = try RecordingReader.read(path: folder + "/" + file)
        #expect(recording.metadata.kernel != nil, "\(file): not made by touchtape record")
        let tracks = recording.tracks()
        #expect(!tracks.isEmpty, "\(file): no gestures")
        for track in tracks {
            #expect(track.annotation.expected != nil || !(track.annotation.note ?? "").isEmpty,
                    "\(file) track \(track.number): neither an expected outcome nor a note")
        }
    }
}
