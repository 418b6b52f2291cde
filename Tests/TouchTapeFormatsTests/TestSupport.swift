import Foundation
import TouchTapeTestSupport
@_spi(Pipeline) import TouchTapeEvents
@testable import TouchTapeFormats

/// Paths and temp files shared by the format tests.
enum TestSupport {
    /// `../shared/data`, or `$TOUCHTAPE_SHARED_DATA` (``PackagePaths``).
    static var sharedData: String { PackagePaths.sharedData.path }

    static var peerRecordings: String { PackagePaths.peerRecordings.path }

    static func peer(_ name: String) -> String { peerRecordings + "/" + name }

    /// A fresh temp folder per call (``PackagePaths/scratchDirectory(_:)``: removed when the
    /// test process exits).
    static func temporaryDirectory() -> String {
        try! PackagePaths.scratchDirectory("formats").path
    }

    /// Writes `text` to a temp file named `name` and returns its path.
    @discardableResult
    static func write(_ text: String, name: String, in directory: String? = nil) -> String {
        let dir = directory ?? temporaryDirectory()
        let path = dir + "/" + name
        let created = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        precondition(created, "cannot create the test file \(path)")
        return path
    }

    static func write(bytes: [UInt8], name: String) -> String {
        let path = temporaryDirectory() + "/" + name
        let created = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        precondition(created, "cannot create the test file \(path)")
        return path
    }

    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] != nil }

    /// Every event of the recording `text` (written as `name`, whose extension names the
    /// format) as replay reads it, the quick way first (``RecordingStream/nextEvent()``),
    /// each with the line it came from.
    static func streamedEvents(_ text: String, name: String) throws(RecordingError) -> (events: [InputEvent], lines: [Int]) {
        let stream = try RecordingStream(path: write(text, name: name))
        var events: [InputEvent] = [], lines: [Int] = []
        while true {
            if let e = stream.nextEvent() { events.append(e); lines.append(stream.line ?? -1); continue }
            guard let item = try stream.next() else { break }
            if case .event(let e) = item { events.append(e); lines.append(stream.line ?? -1) }
        }
        return (events, lines)
    }

    /// Runs a program, returning exit status and output.
    static func run(_ executable: String, _ arguments: [String]) throws -> ProcessRun {
        try ProcessRun.run(URL(fileURLWithPath: executable), arguments)
    }
}
