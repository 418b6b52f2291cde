import ArgumentParser
import Foundation
import TouchTapeEvents
import TouchTapeFormats
import TouchTapeReplay
import TouchTapeTracks

/// `touchtape label`: sets or copies the expected outcome and note of tracks in a recording.
///
/// Recording and judging are separate moments: a session records first, `inspect` and
/// `replay` show the tracks, then the person labels the ones that matter. Re-recordings
/// (the VM remaking `Recordings/` through a real kernel) take their labels from the file
/// they were played from with `--from`.
struct LabelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "label",
        abstract: "Set the expected outcome and note of tracks in a recording, or copy them from another recording.",
        discussion: """
        Tracks are numbered as 'touchtape inspect' shows them. Without --track every track \
        is labelled. --expect none removes the expectation; --note "" removes the note. \
        A "cut short" mark made by the recorder stays: it is a fact of the recording, not \
        a judgement.

        --from OTHER copies each track's expectation and note from the track with the same \
        number in OTHER (e.g. the file a re-recording was played from); both must have the \
        same number of tracks.

        Only the marks change; the events, their times and the device description are \
        written back unchanged, in FILE's own format (or OUT's, from its extension). The \
        file is replaced atomically.
        """
    )

    @Argument(help: "The recording to label (evemu or libinput record).")
    var file: String

    @Option(name: .long, help: "A track to label (1-based; repeat for several). Default: every track.")
    var track: [Int] = []

    @Option(name: .long, help: "Expected outcome: finish, cancel or none.")
    var expect: LabelOutcome?

    @Option(name: .long, help: "A one-line note; \"\" removes the note.")
    var note: String?

    @Option(name: .long, help: "Copy each track's expectation and note from this recording.")
    var from: String?

    @Option(name: [.short, .customLong("output")], help: "Write here instead of replacing FILE.")
    var output: String?

    @Option(name: .long, help: "Device index in a libinput recording with several devices (0-based).")
    var device: Int?

    func validate() throws {
        if from == nil, expect == nil, note == nil {
            throw ValidationError("say what to set: --expect, --note, or --from OTHER")
        }
        if from != nil, expect != nil || note != nil {
            throw ValidationError("--from copies labels, --expect/--note set them: give one or the other")
        }
        if let note, note.contains(where: \.isNewline) { throw ValidationError("--note must be one line") }
        if let bad = track.first(where: { $0 < 1 }) { throw ValidationError("--track counts from 1, not \(bad)") }
    }

    func run() async throws {
        let source = RecordingLocator.source(forPath: file, deviceIndex: device)
        let destination = output ?? file
        if output == nil, source.descriptionPath != nil {
            throw fail("\(file) is events only (its description is in \(source.descriptionPath!)); it cannot be rewritten in place",
                       hint: "give -o OUT to write a complete recording")
        }
        let target: RecordingFormat
        if let output {
            target = RecordingFormat(pathExtension: (output as NSString).pathExtension.lowercased()) ?? source.format
        } else {
            target = source.format
        }

        var recording: Recording
        do { recording = try RecordingReader.read(source) } catch { throw fail(error) }
        if output == nil, let count = recording.metadata.deviceCount, count > 1 {
            // The file is written back with the one device read; the others would be lost.
            throw fail("\(file) holds \(count) devices and label writes one; it cannot be rewritten in place",
                       hint: "give -o OUT to write device \(recording.metadata.deviceIndex ?? 0) (--device N) with its labels")
        }
        let tracks = recording.tracks()
        let chosen = track.isEmpty ? tracks.map(\.number) : track
        if let missing = chosen.first(where: { $0 > tracks.count }) {
            throw fail("\(file) has \(tracks.count) track(s); there is no track \(missing)",
                       hint: "'touchtape inspect \(file)' lists the tracks")
        }

        var donors: [Track] = []
        if let from {
            let other: Recording
            do { other = try RecordingReader.read(RecordingLocator.source(forPath: from)) } catch { throw fail(error) }
            donors = other.tracks()
            guard donors.count == tracks.count else {
                throw fail("\(file) has \(tracks.count) track(s) but \(from) has \(donors.count): labels are copied track by track",
                           hint: "--from needs the same gestures, e.g. the file a re-recording was played from")
            }
        }

        var labels: [Int: TrackAnnotation] = [:]
        var report = ""
        for number in chosen.sorted() where labels[number] == nil {
            let old = tracks[number - 1].annotation
            var new = old
            if from != nil {
                let donor = donors[number - 1].annotation
                new.expected = donor.expected
                new.note = donor.note
            } else {
                if let expect { new.expected = expect.outcome }
                if let note { new.note = note.isEmpty ? nil : note }
            }
            labels[number] = new
            report += "track \(number): \(Self.describe(new))" + (new == old ? " (unchanged)\n" : " (was: \(Self.describe(old)))\n")
        }

        let marks = TrackRelabelling.marks(recording.annotations.map { ($0.eventIndex, $0.annotation) },
                                           tracks: tracks, labels: labels)
        recording.annotations = marks.map { AnnotationMark(eventIndex: $0.eventIndex, annotation: $0.annotation) }
        let text: String
        do { text = try recording.formattedForWriting(as: target) } catch { throw fail(error) }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: destination), options: .atomic)
        } catch {
            throw fail("cannot write \(destination): \(error.localizedDescription)",
                       hint: "check the folder exists, is writable and the disk is not full; \(file) is unchanged",
                       status: ExitStatus.deviceOrIOFailure)
        }
        writeStandardOutput(report + "wrote \(destination)\n")
    }

    /// `expect finish, note "…", cut short` or `unlabelled`.
    private static func describe(_ annotation: TrackAnnotation) -> String {
        var parts: [String] = []
        if let expected = annotation.expected { parts.append("expect \(expected.rawValue)") }
        if let note = annotation.note, !note.isEmpty { parts.append("note \"\(note)\"") }
        if annotation.cutShort { parts.append("cut short") }
        return parts.isEmpty ? "unlabelled" : parts.joined(separator: ", ")
    }
}

/// `--expect` values of `label`: an outcome, or `none` to remove it.
enum LabelOutcome: String, ExpressibleByArgument, CaseIterable {
    case finish, cancel, none
    var outcome: ExpectedOutcome? {
        switch self {
        case .finish: .finish
        case .cancel: .cancel
        case .none: nil
        }
    }
}
