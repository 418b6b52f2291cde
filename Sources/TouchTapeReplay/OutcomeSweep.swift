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
        set(setting, to: value, in: &s)
        return s
    }

    /// ``settings(_:_:_:)`` in place.
    package static func set(_ setting: Setting, to value: Double, in s: inout DismissalSettings) {
        switch setting {
        case .threshold: s.completionThreshold = value
        case .flickVelocity:
            if s.flick != nil {
                s.flick?.minimumVelocity = value
            } else {
                s.flick = .init(minimumVelocity: value, comparison: .greaterThanOrEqual)
            }
        }
    }

    /// The outcome under `settings`: the controller alone, through the public contract
    /// (``InteractiveDismissalController/handlePan(_:transition:)``) as ``DismissalDriver``
    /// feeds it (from the first `.began`; refused → none; decided at the first
    /// `.ended`/`.cancelled`; a second `.began` first → none), with no completion animation.
    package static func outcome(samples: [PanSample], settings: DismissalSettings) -> Outcome {
        PreparedPan(samples: samples, settings: settings).outcome(settings: settings)
    }

    package func outcome(_ setting: Setting, _ value: Double) -> Outcome {
        Self.outcome(samples: samples, settings: settings(setting, value))
    }

    /// A pan's gestures, made once for the many runs of one search: a sweep runs the
    /// controller hundreds of times a track, and making every sample's gesture again for
    /// each run was a third of a sweep (issue 26). The settings a sweep varies (threshold,
    /// flick) leave the view alone, so one view serves every run. One recognizer, its
    /// offset zeroed before each run: the state a fresh one has (the runs are one after
    /// another, on one thread).
    struct PreparedPan {
        let gestures: [PanGesture]
        let recognizer = PanGesture.Recognizer()

        init(samples: [PanSample], settings: DismissalSettings) {
            let view = GestureView(settings: settings)
            let recognizer = self.recognizer
            gestures = samples.map { PanGesture(sample: $0, view: view, recognizer: recognizer) }
        }

        /// ``OutcomeSweep/outcome(samples:settings:)`` of these gestures; `settings` must
        /// give the view they were made with (the same divisor).
        func outcome(settings: DismissalSettings) -> Outcome {
            var controller = DismissalController(settings: settings)
            // The outcome is all a sweep reads: no words for the decision.
            controller.explainsDecisions = false
            recognizer.offset = .zero
            var transition = TransitionContext(distance: settings.divisor)
            transition.reserveCapacity(calls: gestures.count + 4)   // not grown call by call
            var driving = false
            // By index: a gesture taken out of the array for the loop was copied, and its
            // references retained and released, once a sample a run.
            for i in gestures.indices {
                switch (driving, gestures[i].state) {
                case (false, .began):
                    controller.handlePan(gestures[i], transition: &transition)
                    guard transition.began else { return .none }
                    driving = true
                case (false, _):
                    continue
                case (true, .began):
                    return .none
                case (true, .changed):
                    controller.handlePan(gestures[i], transition: &transition)
                case (true, .ended), (true, .cancelled):
                    controller.handlePan(gestures[i], transition: &transition)
                    return transition.outcome ?? .none
                }
            }
            return .none
        }
    }

    /// Every flip of the outcome as `setting` runs over `range`, in increasing order.
    package func boundaries(of setting: Setting, in range: ClosedRange<Double>) -> [Boundary] {
        let steps = max(gridPoints, 1)
        let pan = PreparedPan(samples: samples, settings: settings)
        let outcome = { (value: Double) in pan.outcome(settings: self.settings(setting, value)) }
        var found: [Boundary] = []
        var previous = (value: range.lowerBound, outcome: outcome(range.lowerBound))
        for i in 1...steps {
            let value = i == steps ? range.upperBound : range.lowerBound + (range.upperBound - range.lowerBound) * Double(i) / Double(steps)
            let current = outcome(value)
            if current != previous.outcome {
                found.append(Self.bisect(from: previous.value, previous.outcome, to: value, outcome: outcome))
            }
            previous = (value, current)
        }
        return found
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
