import TouchTapeDismissal
import TouchTapeReplay

/// The changes the live keys make to the one settings type: steps on a fixed grid, so
/// the printed `touchtape replay --threshold 0.4` is the value in force, not 0.39999….
extension SessionSettings {
    /// One `[` / `]` step of the completion threshold (fraction; the settings table's).
    package static let thresholdStep = SessionSetting.threshold.liveStep!
    /// One `-` / `+` step of the flick velocity (points per second; the settings table's).
    package static let flickVelocityStep = SessionSetting.flickVelocity.liveStep!

    /// The threshold in force: the override, else the profile's (`nil`: photozoom decides by its anchor test alone).
    package var effectiveThreshold: Double? { threshold ?? profile.settings.completionThreshold }

    /// The flick velocity in force; `nil` when flicks are off or the profile has none.
    package var effectiveFlickVelocity: Double? {
        guard flickEnabled else { return nil }
        return flickVelocity ?? profile.settings.flick?.minimumVelocity
    }

    /// The edge in force.
    package var effectiveEdge: DismissEdge { edge ?? profile.settings.edge }

    /// Moves the threshold `steps` grid steps (the first step from the profile's value
    /// lands on the grid), clamped to 0…1. A profile without a threshold starts from 0.5.
    package mutating func stepThreshold(_ steps: Int) {
        let current = effectiveThreshold ?? 0.5
        let grid = Int((1 / Self.thresholdStep).rounded())
        threshold = Self.stepped(current, steps: steps, grid: grid, range: 0...grid)
    }

    /// Moves the flick velocity `steps` steps of ``flickVelocityStep``, never below 0, and turns flicks on.
    package mutating func stepFlickVelocity(_ steps: Int) {
        let current = flickVelocity ?? profile.settings.flick?.minimumVelocity ?? 0
        let step = Self.flickVelocityStep
        flickVelocity = Self.stepped(current / step, steps: steps, grid: 1, range: 0...Int.max / 2) * step
        flickEnabled = true
    }

    /// The next profile in ``DismissalProfile/allCases`` order (overrides stay).
    package mutating func cycleProfile() {
        let all = DismissalProfile.allCases
        let index = all.firstIndex(of: profile) ?? 0
        profile = all[(index + 1) % all.count]
    }

    /// The next edge in ``DismissEdge/allCases`` order, from the one in force.
    package mutating func cycleEdge() {
        let all = DismissEdge.allCases
        let index = all.firstIndex(of: effectiveEdge) ?? 0
        let next = all[(index + 1) % all.count]
        // Back on the profile's own edge: no override (the view stars it no more, and the
        // printed replay line has no `--edge`).
        edge = next == profile.settings.edge ? nil : next
    }

    /// `value` (in units of 1/grid) moved by whole steps: off-grid values go to the
    /// neighbouring grid point in the step's direction first, then exact k/grid values.
    static func stepped(_ value: Double, steps: Int, grid: Int, range: ClosedRange<Int>) -> Double {
        let scaled = value * Double(grid)
        let nearest = scaled.rounded()
        let onGrid = abs(scaled - nearest) < 1e-9
        var k: Int
        if onGrid { k = Int(nearest) + steps }
        else if steps > 0 { k = Int(scaled.rounded(.up)) + steps - 1 }
        else if steps < 0 { k = Int(scaled.rounded(.down)) + steps + 1 }
        else { k = Int(nearest) }
        k = min(max(k, range.lowerBound), range.upperBound)
        return Double(k) / Double(grid)
    }
}
