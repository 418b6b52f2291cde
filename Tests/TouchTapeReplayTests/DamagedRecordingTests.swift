import Foundation
import Testing
import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeSynthesis
import TouchTapeTestSupport
@testable import TouchTapeReplay

/// Damaged recordings (cut anywhere, a byte changed, a line repeated or dropped) either
/// fail to read with a typed ``RecordingError`` or go through the whole pipeline: tracks,
/// pan recognition, the controller under every profile, the checks. Nothing may trap: a
/// trap kills the test process, which fails the run. Seeded and bounded (a few hundred
/// variants per file, a few seconds in all), so it runs in every `swift test`; it is not
/// the coverage-guided fuzzing the parsers get later.
private let recordingsFolder = PackagePaths.recordings

private let peerFolder = PackagePaths.peerRecordings

/// Each kind of file the readers take: evemu 1.3 from the recorder (protocols B, A, single
/// touch), libinput record YAML, a real device's evemu file, and an old split layout whose
/// separate `.desc` (evemu 1.0 description) is the damaged part.
private let damagedFiles: [(folder: URL, file: String, descriptionOf: String?)] = [
    (recordingsFolder, "touchscreen-flick-down-finish.evemu", nil),
    (recordingsFolder, "touchscreen-protocol-a-pan-down-finish.evemu", nil),
    (recordingsFolder, "touchscreen-single-touch-pan-back-cancel.evemu", nil),
    (recordingsFolder, "touchpad-two-finger-pan-finish.yml", nil),
    (peerFolder, "Atmel maXTouch Touchscreen.4-finger-drag-down.events", nil),
    (peerFolder, "N-Trig MultiTouch.desc", "N-Trig MultiTouch.1-finger-drag-NW-SE.events"),
]

/// Bytes that make a parser take a different path: digits at the limits, signs, separators,
/// hex letters, YAML punctuation.
private let interestingBytes = Array("09-+. \t\n:#[],Ff\"x".utf8)

private func variants(of bytes: [UInt8], seed: UInt64) -> [[UInt8]] {
    var rng = SeededGenerator(seed: seed)   // every run damages the same bytes
    var out: [[UInt8]] = []
    for k in 1...80 { out.append(Array(bytes.prefix(bytes.count * k / 81))) }       // cut anywhere
    for _ in 0..<120 {                                                               // one byte changed
        var b = bytes
        b[Int.random(in: 0..<b.count, using: &rng)] = interestingBytes.randomElement(using: &rng)!
        out.append(b)
    }
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    for _ in 0..<60 {                                                                // a line repeated or dropped
        var l = lines
        let i = Int.random(in: 0..<l.count, using: &rng)
        if Bool.random(using: &rng) { l.insert(l[i], at: i) } else { l.remove(at: i) }
        out.append(Array(l.joined(separator: [UInt8(ascii: "\n")])))
    }
    return out
}

@Test(arguments: damagedFiles.map(\.file))
func damagedRecordingReadsOrFailsWithATypedErrorNeverTraps(file: String) throws {
    let (folder, _, eventsFile) = try #require(damagedFiles.first { $0.file == file })
    let original = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
    let dir = try PackagePaths.scratchDirectory("tt-damaged")
    defer { try? FileManager.default.removeItem(at: dir) }
    let ext = (file as NSString).pathExtension
    let profiles = DismissalProfile.allCases

    var read = 0, refused = 0, transcripts = 0
    for (n, bytes) in variants(of: original, seed: UInt64(truncatingIfNeeded: file.utf8.count) &* 7919).enumerated() {
        let damaged = dir.appendingPathComponent("v\(n).\(ext)").path
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let eventsPath = eventsFile.map { folder.appendingPathComponent($0).path }
        let recording: Recording
        do {
            if let eventsPath {
                recording = try RecordingReader.read(descriptionPath: damaged, eventsPath: eventsPath)
            } else {
                recording = try RecordingReader.read(path: damaged)
            }
        } catch {
            // Typed throws: `error` is a RecordingError; it must name the file it is about.
            #expect(error.file == damaged || error.file == eventsPath, "variant \(n) of \(file): error names \(error.file)")
            refused += 1
            continue
        }
        read += 1
        let tracks = recording.tracks()
        for profile in profiles {
            let configuration = ReplayConfiguration(profileName: profile.rawValue, dismissal: profile.settings)
            for track in tracks {
                let transcript = ReplayPipeline.transcript(for: track, file: damaged, configuration: configuration)
                _ = ReplayPipeline.check(transcript)
                transcripts += 1
            }
        }
    }
    // Both paths were exercised: some damage is harmless (a cut after the last frame, a
    // changed comment), most is refused.
    #expect(read > 0 && refused > 0, "\(file): read \(read), refused \(refused)")
    #expect(transcripts > 0)
}
