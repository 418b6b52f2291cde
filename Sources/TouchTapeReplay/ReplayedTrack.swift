import TouchTapeFrames
/// One replayed track, as the replay engine hands it to its sinks: what the controller did (the transcript), the
/// report row with its checks, and where each pan sample came from in the recording.
public struct ReplayedTrack: Sendable {
    /// The transcript and the report row.
    package var result: TrackResult
    /// For each pan sample of the transcript, the index (from 0) of the recording frame
    /// it was made from, counted over the whole file.
    package var sampleFrames: [Int]
    /// The index of the track's first frame in the recording.
    package var firstFrame: Int
    /// The track's frames, while the engine needs them (stability); emptied before the
    /// track reaches its sinks, so collectors keep no frames.
    package var frames: [Frame] = []

    /// A replayed track from its result and frame indices.
    package init(result: TrackResult, sampleFrames: [Int], firstFrame: Int) {
        self.result = result
        self.sampleFrames = sampleFrames
        self.firstFrame = firstFrame
    }

    /// What the controller did: samples, recorded calls, decision, completion.
    public var transcript: Transcript { result.transcript }
    /// The report row, with the check results.
    package var report: TrackReport { result.report }
    /// No check failed.
    public var passed: Bool { report.passed }

    /// The sample at `time` (the first, if several share it) and its frame.
    package func frame(at time: Double) -> (sample: Int, frame: Int)? {
        guard let index = transcript.samples.firstIndex(where: { $0.time == time }), index < sampleFrames.count else {
            return nil
        }
        return (index, sampleFrames[index])
    }
}
