import Foundation
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapePan
import TouchTapeDismissal
import TouchTapeReplay
import TouchTapeTracks

/// Recording files to replay: from paths (files or folders, searched as `touchtape replay`
/// searches them), from beside the test's source file, or from a test bundle's resources.
///
/// ```swift
/// let recordings = try Recordings(path: "Recordings")          // from the working folder
/// let besideTest = try Recordings(besideSource: "Recordings")  // Tests/CardTests/Recordings
/// let fromBundle = try Recordings(bundle: .module, subdirectory: "Recordings")
/// ```
public struct Recordings: Hashable, Sendable {
    /// The files, sorted by path (split evemu layouts paired with their `.desc`).
    package var sources: [RecordingSource]

    /// Recordings already located (`RecordingLocator`).
    package init(sources: [RecordingSource]) {
        self.sources = sources
    }

    /// Every recording under `path` (a file or a folder, recursively).
    /// - Throws: `RecordingError` for a path that does not exist or cannot be read.
    public init(path: String) throws(RecordingError) {
        try self.init(paths: [path])
    }

    /// Every recording under these paths, in order.
    public init(paths: [String]) throws(RecordingError) {
        sources = try RecordingLocator.sources(for: paths)
    }

    /// The recordings at `relativePath` from the folder of the Swift file that names them
    /// (`file`, the caller's `#filePath`): the source tree's own files, whatever folder the
    /// tests run in (Xcode runs them elsewhere than the package's root, where a relative
    /// ``init(path:)`` looks), and not a build's copy of them, so a failure names the file
    /// to open or to `touchtape label`. Tests on a Mac or in the iOS Simulator read the
    /// source tree; on a device, ship them as resources (``init(bundle:subdirectory:)``).
    /// - Throws: `RecordingError` when nothing is there.
    public init(besideSource relativePath: String = "Recordings", file: StaticString = #filePath) throws(RecordingError) {
        let folder = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
        try self.init(path: relativePath.hasPrefix("/") ? relativePath : folder.appendingPathComponent(relativePath).standardizedFileURL.path)
    }

    /// The recordings a test bundle carries as resources (SwiftPM `resources: [.copy("Recordings")]`
    /// gives `Bundle.module`; Xcode, `Bundle(for: Self.self)`), under `subdirectory`.
    /// - Throws: `RecordingError` when the bundle has no such folder.
    public init(bundle: Bundle, subdirectory: String? = nil) throws(RecordingError) {
        let base = bundle.resourceURL ?? bundle.bundleURL
        let folder = subdirectory.map { base.appendingPathComponent($0) } ?? base
        try self.init(path: folder.path)
    }

    /// The files' paths, in order (a split evemu layout by its events file).
    public var files: [String] { sources.map(\.displayName) }

    /// Every track of these recordings, in order, without replaying anything: a
    /// parameterised test's arguments.
    ///
    /// ```swift
    /// @Test(arguments: try Recordings(bundle: .module, subdirectory: "Recordings").tracks())
    /// func dismissal(_ track: RecordedTrack) {
    ///     let run = ControllerReplay(rules: rules) { CardDismissal() }.run(track)
    ///     #expect(run.failures.isEmpty, "\(run.failures)")
    /// }
    /// ```
    /// - Throws: `RecordingError` for the first file that cannot be read, or whose track
    ///   marks are misplaced (one that labels no track, or a second, different one for a track).
    public func tracks() throws(RecordingError) -> [RecordedTrack] {
        var tracks: [RecordedTrack] = []
        for source in sources {
            var inspection = try RecordingInspection(source, locking: .standard)
            do {
                _ = try inspection.run { summary in
                    tracks.append(RecordedTrack(source: source, number: summary.number,
                                                expected: summary.annotation.expected, note: summary.annotation.note))
                }
                // A label that no track gets would be a check skipped in silence, as a replay says.
                if let misplaced = inspection.misplacedMark { throw RecordingError(misplaced: misplaced, source: source) }
            } catch let error as RecordingError {
                throw error
            } catch {
                preconditionFailure("only the reader throws here: \(error)")
            }
        }
        return tracks
    }

    /// The tracks labelled with `outcome`.
    public func tracks(labelled outcome: ExpectedOutcome) throws(RecordingError) -> [RecordedTrack] {
        try tracks().filter { $0.expected == outcome }
    }
}

/// One track of a recording, found by ``Recordings/tracks()``: replay it with
/// ``ControllerReplay/run(_:)-(RecordedTrack)``.
public struct RecordedTrack: Hashable, Sendable, CustomStringConvertible {
    package var source: RecordingSource
    /// The recording's path.
    public var file: String { source.displayName }
    /// The track's number in its recording, from 1.
    public var number: Int
    /// The recorder's label: what the gesture must do (`nil`: no label).
    public var expected: ExpectedOutcome?
    /// The label's note, if any.
    public var note: String?

    /// `pan-down.evemu track 2 (finish)`: short enough for a test's name.
    public var description: String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return "\(name) track \(number)" + (expected.map { " (\($0.rawValue))" } ?? "")
    }
}
