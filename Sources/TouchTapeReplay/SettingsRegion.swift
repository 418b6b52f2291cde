@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal

/// The settings, threshold × flick velocity together, under which every labelled track
/// comes out as labelled, and the one to recommend.
///
/// A grid over the two swept ranges (101 × 101 points by default) counts, at each point,
/// the labelled tracks that come out as labelled there: each track's release is decided
/// again under the point's settings (``DismissalController/Redecision``,
/// exact since both settings act only at the release). Tracks are added one at a time and
/// only the counts are kept, so memory does not grow with the run.
///
/// The point recommended is the one inside the region farthest from its edge: the largest
/// smallest margin over the labelled tracks, measured in grid steps along either setting
/// (Chebyshev distance; the ends of the swept ranges count as edges, since nothing is known
/// beyond them). Ties go to the point nearest the current settings.
///
/// Settings without a flick rule (PhotoZoomAnimator's) have no flick velocity to tune: the
/// grid is the threshold's alone (every row the same, decided with flicks off, as the
/// settings are), and the recommendation is a threshold without a flick velocity.
package struct SettingsRegion: Hashable, Sendable {
    package let thresholdRange: ClosedRange<Double>
    package let flickRange: ClosedRange<Double>
    /// Grid steps along each setting (points: steps + 1).
    package let steps: Int
    let base: DismissalSettings
    /// The unit of the flick velocities (the settings').
    package var unit: PlatformUnit { base.unit }
    /// Row-major, flick velocity by threshold: how many labelled tracks are right there.
    private(set) var right: [Int]
    /// Tracks labelled finish or cancel that were added.
    package private(set) var labelled = 0
    /// The settings have a flick rule that can finish a release, so the flick velocity is
    /// swept too.
    package var sweepsFlick: Bool { base.flick != nil && base.rule != .vetoOnly }
    /// The settings have a threshold (PhotoZoomAnimator's test has none: each point adds one).
    package var hasThreshold: Bool { base.completionThreshold != nil }

    package init(settings: DismissalSettings, thresholdRange: ClosedRange<Double> = 0...1,
                 flickRange: ClosedRange<Double> = 0...5000, steps: Int = 100) {
        base = settings
        self.thresholdRange = thresholdRange
        self.flickRange = flickRange
        self.steps = max(steps, 1)
        right = Array(repeating: 0, count: (self.steps + 1) * (self.steps + 1))
    }

    package func threshold(_ column: Int) -> Double {
        thresholdRange.lowerBound + (thresholdRange.upperBound - thresholdRange.lowerBound) * Double(column) / Double(steps)
    }

    package func flickVelocity(_ row: Int) -> Double {
        flickRange.lowerBound + (flickRange.upperBound - flickRange.lowerBound) * Double(row) / Double(steps)
    }

    /// Adds a track released as `release`, UIKit holding `progress`, labelled `expected`;
    /// a track without a release or labelled none takes no part (the two settings decide a
    /// release, not whether a transition starts).
    package mutating func add(release: PanSample?, progress: Double?, expected: ExpectedOutcome?) {
        guard let release, let progress, let expected, expected != .none else { return }
        let wanted: Outcome = expected == .finish ? .finish : .cancel
        labelled += 1
        // One controller for the whole grid, both settings set at each point from scratch:
        // each outcome is that of the base settings with the point's threshold and flick
        // velocity.
        var redecision = DismissalController.Redecision(release: release, progress: progress, settings: base)
        guard sweepsFlick else {
            for column in 0...steps {
                let threshold = threshold(column)
                guard redecision.outcome({ OutcomeSweep.set(.threshold, to: threshold, in: &$0) }) == wanted else { continue }
                for row in 0...steps { right[row * (steps + 1) + column] += 1 }
            }
            return
        }
        for row in 0...steps {
            let flickVelocity = flickVelocity(row)
            for column in 0...steps {
                let threshold = threshold(column)
                let outcome = redecision.outcome {
                    OutcomeSweep.set(.threshold, to: threshold, in: &$0)
                    OutcomeSweep.set(.flickVelocity, to: flickVelocity, in: &$0)
                }
                if outcome == wanted { right[row * (steps + 1) + column] += 1 }
            }
        }
    }

    /// Every labelled track is right at this grid point.
    package func feasible(column: Int, row: Int) -> Bool {
        labelled > 0 && right[row * (steps + 1) + column] == labelled
    }

    /// Grid points where every labelled track is right (without a flick rule: thresholds).
    package var agreeingPoints: Int {
        labelled == 0 ? 0 : (sweepsFlick ? right : Array(right[...steps])).filter { $0 == labelled }.count
    }

    /// How many points the grid has (without a flick rule: thresholds).
    package var points: Int { sweepsFlick ? (steps + 1) * (steps + 1) : steps + 1 }

    /// The most labelled tracks right at one point, and such a point (nearest the current settings).
    package var best: (right: Int, column: Int, row: Int) {
        let most = right.max() ?? 0
        let (column, row) = nearestCurrent(right.indices.filter { right[$0] == most })
        return (most, column, row)
    }

    /// A recommended setting and how far (in grid steps, then in each setting's unit) it is
    /// from the region's edge.
    package struct Recommendation: Hashable, Sendable {
        package var threshold: Double
        /// `nil` for settings without a flick rule.
        package var flickVelocity: Double?
        /// Grid steps to the nearest point outside the region (or past the swept ranges).
        package var steps: Int
        /// How far the region's edge is at least, in the threshold's unit (fraction): the
        /// edge lies between the last point inside and the first outside, so `steps − 1`.
        package var thresholdMargin: Double
        /// The same in pt/s; `nil` for settings without a flick rule.
        package var flickMargin: Double?
    }

    /// `nil` when no point has every labelled track right (or none is labelled).
    package var recommendation: Recommendation? {
        let width = steps + 1
        guard sweepsFlick else { return thresholdRecommendation }
        var distance = (0..<right.count).map { feasible(column: $0 % width, row: $0 / width) ? Int.max : 0 }
        func at(_ column: Int, _ row: Int) -> Int {
            column < 0 || row < 0 || column >= width || row >= width ? 0 : distance[row * width + column]
        }
        // Chessboard distance transform, two passes.
        for row in 0..<width { for column in 0..<width where distance[row * width + column] > 0 {
            distance[row * width + column] = 1 + min(at(column - 1, row - 1), at(column, row - 1), at(column + 1, row - 1), at(column - 1, row))
        } }
        for row in stride(from: width - 1, through: 0, by: -1) { for column in stride(from: width - 1, through: 0, by: -1)
        where distance[row * width + column] > 0 {
            distance[row * width + column] = min(distance[row * width + column],
                                                 1 + min(at(column + 1, row + 1), at(column, row + 1), at(column - 1, row + 1), at(column + 1, row)))
        } }
        guard let most = distance.max(), most > 0 else { return nil }
        let (column, row) = nearestCurrent(distance.indices.filter { distance[$0] == most })
        return Recommendation(threshold: threshold(column), flickVelocity: flickVelocity(row), steps: most,
                              thresholdMargin: Double(most - 1) * (thresholdRange.upperBound - thresholdRange.lowerBound) / Double(steps),
                              flickMargin: Double(most - 1) * (flickRange.upperBound - flickRange.lowerBound) / Double(steps))
    }

    /// Without a flick rule: the threshold farthest from the edge of the thresholds that
    /// agree (the ends of the range count as edges), ties to the nearest the current one.
    private var thresholdRecommendation: Recommendation? {
        let width = steps + 1
        var distance = (0..<width).map { feasible(column: $0, row: 0) ? Int.max : 0 }
        for column in 0..<width where distance[column] > 0 { distance[column] = 1 + (column == 0 ? 0 : distance[column - 1]) }
        for column in stride(from: width - 1, through: 0, by: -1) where distance[column] > 0 {
            distance[column] = min(distance[column], 1 + (column == width - 1 ? 0 : distance[column + 1]))
        }
        guard let most = distance.max(), most > 0 else { return nil }
        let (column, _) = nearestCurrent(distance.indices.filter { distance[$0] == most })
        return Recommendation(threshold: threshold(column), flickVelocity: nil, steps: most,
                              thresholdMargin: Double(most - 1) * (thresholdRange.upperBound - thresholdRange.lowerBound) / Double(steps),
                              flickMargin: nil)
    }

    /// Of grid indices, the one nearest the current settings (in fractions of each range).
    private func nearestCurrent(_ indices: [Int]) -> (column: Int, row: Int) {
        let width = steps + 1
        let t = base.completionThreshold ?? (thresholdRange.lowerBound + thresholdRange.upperBound) / 2
        let m = base.flick?.minimumVelocity ?? (flickRange.lowerBound + flickRange.upperBound) / 2
        func distance(_ i: Int) -> Double {
            let dt = (threshold(i % width) - t) / max(thresholdRange.upperBound - thresholdRange.lowerBound, .ulpOfOne)
            let dm = (flickVelocity(i / width) - m) / max(flickRange.upperBound - flickRange.lowerBound, .ulpOfOne)
            return dt * dt + dm * dm
        }
        let i = indices.min { distance($0) < distance($1) } ?? 0
        return (i % width, i / width)
    }
}
