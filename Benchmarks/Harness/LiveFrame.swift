import Foundation
import Histogram
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeReplay
import TouchTapeDismissal

/// Live: the time from a frame's events being read to the would-be decision, per frame,
/// through the pipeline `touchtape live` runs (a `ReplaySession` fed one event at a time,
/// then `decisionIfReleasedNow`), fed from the real recordings in `Recordings/` and the
/// peer recordings, already in memory. Each frame is timed alone on the monotonic clock
/// into an HDR histogram; moving on to the next file is not timed. The target:
/// p99 < 100 µs.
///
///     touchtape-bench-harness live-frame [FRAMES]   # "FRAMES P50_NS P99_NS MAX_NS DECIDABLE"
///
/// `DECIDABLE` counts the frames with a would-be decision (so the work is used).
enum LiveFrame {
    static func run(frames: Int) {
        let feeder = FrameFeeder(recordings: LoadedRecording.all())
        var histogram = Histogram<UInt64>(highestTrackableValue: 1_000_000_000, numberOfSignificantValueDigits: .three)
        // Warm-up: the first frames pay for first-use costs a live session pays once.
        for _ in 0..<min(1_000, frames) {
            _ = feeder.nextFrame()
            feeder.advanceIfAtEnd()
        }
        var decidable = 0
        for _ in 0..<frames {
            let start = DispatchTime.now().uptimeNanoseconds
            let decision = feeder.nextFrame()
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            if decision != nil { decidable += 1 }
            histogram.record(elapsed)
            feeder.advanceIfAtEnd()
        }
        print(frames, histogram.valueAtPercentile(50), histogram.valueAtPercentile(99), histogram.max, decidable)
    }
}

/// A recording read into memory once, so that the measured time is the pipeline's, not the parser's.
struct LoadedRecording {
    let path: String
    let description: DeviceDescription
    let items: [RecordingItem]

    /// Every readable touch recording under `Recordings/` and `../shared/data/peer-recordings`.
    static func all() -> [LoadedRecording] {
        let root = repositoryRoot()
        let folders = ["\(root)/Recordings", "\(root)/../shared/data/peer-recordings"]
            .filter { FileManager.default.fileExists(atPath: $0) }
        guard let sources = try? RecordingLocator.sources(for: folders) else {
            Harness.fail("no recordings found under \(folders)")
        }
        let loaded = sources.compactMap { source -> LoadedRecording? in
            guard let stream = try? RecordingStream(source), (try? stream.requireTouchDevice()) != nil else { return nil }
            var items: [RecordingItem] = []
            while let item = try? stream.next() { items.append(item) }
            return LoadedRecording(path: source.eventsPath, description: stream.description, items: items)
        }
        guard !loaded.isEmpty else { Harness.fail("no readable recordings under \(folders)") }
        return loaded
    }

    /// `TOUCHTAPE_ROOT`, else the repository this file is in (`Benchmarks/Harness/`).
    static func repositoryRoot() -> String {
        if let root = ProcessInfo.processInfo.environment["TOUCHTAPE_ROOT"] { return root }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }
}

/// Walks the recordings frame by frame, over and over, through a fresh session per pass of a file.
final class FrameFeeder: @unchecked Sendable {
    private let recordings: [LoadedRecording]
    private let configuration: ReplayConfiguration
    private var file = 0
    private var position = 0
    private var session: ReplaySession<DismissalController>

    init(recordings: [LoadedRecording]) {
        self.recordings = recordings
        do { configuration = try SessionSettings().configuration() } catch { Harness.fail("\(error)") }
        session = ReplaySession(description: recordings[0].description, file: recordings[0].path,
                                configuration: configuration)
    }

    /// At the end of a file: finish it and start the next one (not measured).
    func advanceIfAtEnd() {
        guard position >= recordings[file].items.count else { return }
        session.finish { _ in }
        file = (file + 1) % recordings.count
        position = 0
        session = ReplaySession(description: recordings[file].description, file: recordings[file].path,
                                configuration: configuration)
    }

    /// Feeds the events of the next frame (through its `SYN_REPORT`) and returns the
    /// decision the controller would take if the fingers lifted now.
    func nextFrame() -> Decision? {
        let items = recordings[file].items
        var steps = 0
        while position < items.count {
            let item = items[position]
            position += 1
            switch item {
            case .event(let event):
                session.feed(event) { _ in steps += 1 }
                if event.isSynReport {
                    return session.decisionIfReleasedNow
                }
            case .annotation(let annotation):
                session.mark(annotation)
            }
        }
        return session.decisionIfReleasedNow
    }
}
