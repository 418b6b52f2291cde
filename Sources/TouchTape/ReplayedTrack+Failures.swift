@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapePan
import TouchTapeDismissal
import TouchTapeReplay

extension ReplayedTrack {
    /// Every failed check, explained with its time, frame and values.
    public var failures: [ReplayFailure] {
        report.failedChecks.map { ReplayFailure(check: $0, track: self) }
    }
}
