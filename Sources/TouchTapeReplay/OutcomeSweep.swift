import TouchTapePan
import TouchTapeDismissal

/// How a track's outcome depends on one setting: the values where it flips, found by
/// re-running only the controller over the track's pan samples (computed once).
///
/// The range is scanned on a grid; each change of outcome between two grid points is
/// narrowed by bisection down to two adjacent doubles, so a boundary is exact: below
/// ``Boundary/value`` the outcome is ``Boundary/below``, from it on ``Boundary/above``.
///
/// ```swift
/// let sweep = OutcomeSweep(samples: run.samples, settings: configuration.dismissal)
/// let flips = sweep.boundaries(of: .threshold, in: 0...1)   // [Boundary(value: 0.566, below: .finish, above: .cancel)]
/// ```
package struct OutcomeSweep: Sendable {
    /// The setting a sweep varies.
    package enum Setting: String, Hashable, Sendable, CaseIterable {
        /// The completion threshold (fraction).
        case threshold
        /// The minimum flick velocity (points per second).
        case flickVelocity
    }

    /// One flip of the outcome.
    package struct Boundary: Hashable, Sendable {
        /// The smallest value of the setting with outcome ``above``.
        package var value: Double
        package var below: Outcome
        package var above: Outcome
    }

    package var samples: [PanSample]
    package var settings: DismissalSettings
    /// Grid points over the range before bisection.
    package var gridPoints: Int

    package init(samples: [PanSample], settings: DismissalSettings, gridPoints: Int = 200) {
        self.samples = samples
        self.settings = settings
        self.gridPoints = gridPoints
    }

    /// The settings with `setting` set to `value` (a flick velocity turns flicks on).
    package func settings(_ setting: Setting, _ value: Double) -> DismissalSettings {
        Self.settings(settings, setting, value)
    }

    /// `base` with `setting` set to `value` (a flick velocity turns flicks on). Only the
    /// minimum moves: the rest of the flick rule (Flutter's "only with progress" and "a
    /// forward fling slides back at threshold 1.0", a cross-axis margin) stays the profile's.
    package static func settings(_ base: DismissalSettings, _ setting: Setting, _ value: Double) -> DismissalSettings {
        var s = base
        switch setting {
        case .threshold: s.completionThreshold = value
        case .flickVelocity:
            if s.flick != nil {
                s.flick?.minimumVelocity = value
            } else {
                s.flick = .init(minimumVelocity: value, comparison: .greaterThanOrEqual)
            }
        }
        return s
    }

    /// The outcome under `settings`: the controller alone, through the public contract
    /// (``InteractiveDismissalController/handlePan(_:transition:)``) as ``DismissalDriver``
    /// feeds it (from the first `.began`; refused → none; decided at the first
    /// `.ended`/`.cancelled`; a second `.began` first → none), with no completion animation.
    package static func outcome(samples: [PanSample], settings: DismissalSettings) -> Outcome {
        var controller = DismissalController(settings: settings)
        // The outcome is all a sweep reads: no words for the decision.
        controller.explainsDecisions = false
        let view = GestureView(settings: settings)
        // One recognizer for the pan, as the driver keeps (and UIKit): not one per sample.
        let recognizer = PanGesture.Recognizer()
        var transition = TransitionContext(distance: settings.divisor)
        var driving = false
        for sample in samples {
            switch (driving, sample.phase) {
            case (false, .began):
                controller.handlePan(PanGesture(sample: sample, view: view, recognizer: recognizer), transition: &transition)
                guard transition.began else { return .none }
                driving = true
            case (false, _):
                continue
            case (true, .began):
                return .none
            case (true, .changed):
                controller.handlePan(PanGesture(sample: sample, view: view, recognizer: recognizer), transition: &transition)
            case (true, .ended), (true, .cancelled):
                controller.handlePan(PanGesture(sample: sample, view: view, recognizer: recognizer), transition: &transition)
                return transition.outcome ?? .none
            }
        }
        return .none
    }

    package func outcome(_ setting: Setting, _ value: Double) -> Outcome {
        Self.outcome(samples: samples, settings: settings(setting, value))
    }

    /// Every flip of the outcome as `setting` runs over `range`, in increasing order.
    package func boundaries(of setting: Setting, in range: ClosedRange<Double>) -> [Boundary] {
        let steps = max(gridPoints, 1)
        var found: [Boundary] = []
        var previous = (value: range.lowerBound, outcome: outcome(setting, range.lowerBound))
        for i in 1...steps {
            let value = i == steps ? range.upperBound : range.lowerBound + (range.upperBound - range.lowerBound) * Double(i) / Double(steps)
            let current = outcome(setting, value)
            if current != previous.outcome {
                found.append(bisect(setting, from: previous.value, previous.outcome, to: value))
            }
            previous = (value, current)
        }
        return found
    }

    /// Narrows a flip between `low` (outcome `lowOutcome`) and `high` to adjacent doubles.
    private func bisect(_ setting: Setting, from low: Double, _ lowOutcome: Outcome, to high: Double) -> Boundary {
        Self.bisect(from: low, lowOutcome, to: high) { outcome(setting, $0) }
    }

    /// Narrows a flip of `outcome` between `low` (where it is `lowOutcome`) and `high` down to
    /// adjacent doubles: the boundary is the smallest value found with another outcome.
    static func bisect(from low: Double, _ lowOutcome: Outcome, to high: Double, outcome: (Double) -> Outcome) -> Boundary {
        var low = low, high = high
        var highOutcome = outcome(high)
        while low.nextUp < high {
            let mid = low + (high - low) / 2
            guard mid > low, mid < high else { break }
            let o = outcome(mid)
            if o == lowOutcome { low = mid } else { high = mid; highOutcome = o }
        }
        return Boundary(value: high, below: lowOutcome, above: highOutcome)
    }
}
