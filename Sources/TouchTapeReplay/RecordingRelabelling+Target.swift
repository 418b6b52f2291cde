import Foundation
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeTracks

extension RecordingRelabelling {
    /// Where a relabelling of `file` writes and in which format.
    package struct Target: Sendable {
        /// The file written (`file` itself unless `-o` names another).
        package var destination: String
        /// The format written: OUT's extension, else the source's.
        package var format: RecordingFormat
        /// Whether `file` is rewritten in place (no `-o`, or `-o` naming the same file).
        package var inPlace: Bool
    }

    /// Refuses what `label` cannot rewrite, before anything is opened: a FIFO, device or
    /// folder (opening a FIFO to lock it waited for a writer for ever).
    package static func requireRegularFile(_ file: String) throws(Refusal) {
        var info = stat()
        if stat(file, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw Refusal(message: "\(RecordingError.excerpt(file, limit: nil)) is not a regular file; label rewrites a recording file",
                          hint: "copy the recording to a file first (cat FIFO > pan.evemu), then label that")
        }
    }

    /// Where `source` (read from `file`) is written with `-o output`: in place, or OUT in
    /// the format its extension names (else the source's, where it would read back so:
    /// standard output, a device, a FIFO, .evemu's default). An events-only file cannot be
    /// rewritten in place (its description is elsewhere).
    package static func target(file: String, output: String?, source: RecordingSource) throws -> Target {
        let inPlace = output.map { OutputAliasing.sameFile($0, file) } ?? true
        if inPlace, let description = source.descriptionPath {
            throw Refusal(message: "\(file) is events only (its description is in \(description)); it cannot be rewritten in place",
                          hint: "give -o OUT to write a complete recording")
        }
        guard let output else { return Target(destination: file, format: source.format, inPlace: true) }
        let format = try RecordingFormat(path: output)
            ?? RecordingFormat.forOutput(output, requested: source.format, option: "FILE's format")
        return Target(destination: output, format: format, inPlace: inPlace)
    }

    /// A changed track as `label` reports it: `track 2: expect finish (was: unlabelled)`.
    /// Marks after the first in the track's window, removed with it, are counted:
    /// `track 1: expect finish (unchanged; 1 other mark removed)`.
    package static func line(_ change: TrackRelabelling.Change) -> String {
        let others = change.otherMarksRemoved
        let removed = others == 0 ? "" : "; \(others) other mark\(others == 1 ? "" : "s") removed"
        return "track \(change.track): \(describe(change.new))"
            + (change.new == change.old ? " (unchanged\(removed))\n" : " (was: \(describe(change.old))\(removed))\n")
    }

    /// `expect finish, note "…", cut short` or `unlabelled`.
    static func describe(_ annotation: TrackAnnotation) -> String {
        var parts: [String] = []
        if let expected = annotation.expected { parts.append("expect \(expected.rawValue)") }
        if let note = annotation.note, !note.isEmpty { parts.append("note \"\(note)\"") }
        if annotation.cutShort { parts.append("cut short") }
        return parts.isEmpty ? "unlabelled" : parts.joined(separator: ", ")
    }
}
