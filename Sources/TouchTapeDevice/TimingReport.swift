/// How far a replay's actual writes were from their schedule, per frame.
///
/// Errors are "actual minus scheduled" for each frame's `SYN_REPORT`, in
/// microseconds; late is positive. Reported in milliseconds, as `evemu-play` users
/// think of frame timing.
package struct TimingReport: Hashable, Sendable {
    /// One entry per frame written.
    package let errorsMicroseconds: [Int64]

    package init(errorsMicroseconds: [Int64]) {
        self.errorsMicroseconds = errorsMicroseconds
    }

    package var frameCount: Int { errorsMicroseconds.count }

    /// The largest absolute error, 0 without frames.
    package var maximumMilliseconds: Double {
        Double(errorsMicroseconds.map { abs($0) }.max() ?? 0) / 1000
    }

    /// The 99th percentile of the absolute error (nearest-rank method), 0 without frames.
    package var p99Milliseconds: Double {
        let sorted = errorsMicroseconds.map { abs($0) }.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((0.99 * Double(sorted.count)).rounded(.up))
        return Double(sorted[max(0, min(sorted.count - 1, rank - 1))]) / 1000
    }

    /// `timing error vs schedule: max 1.234 ms, p99 0.456 ms over 31 frames`.
    package var summary: String {
        "timing error vs schedule: max \(Self.format(maximumMilliseconds)) ms, p99 \(Self.format(p99Milliseconds)) ms over \(frameCount) frames"
    }

    static func format(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
