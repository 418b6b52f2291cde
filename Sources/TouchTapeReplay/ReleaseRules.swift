import TouchTapeEvents
import TouchTapeDismissal

/// The checks' own reading of the dismissal rules: given the settings a controller
/// claims to follow and the release values, which rule should have decided and how.
///
/// Written here, apart from `DismissalController`, on purpose: the checks are an
/// independent oracle, so a controller that drifts from its declared settings (or an
/// app developer's own controller) is caught rather than agreed with.
public struct ReleaseRules: Sendable {
    public var settings: DismissalSettings

    public init(settings: DismissalSettings) { self.settings = settings }

    /// What the velocity alone says at release.
    public enum VelocityVerdict: Hashable, Sendable {
        /// A flick towards the dismiss edge: finish whatever the position.
        case forwardFlick(String)
        /// A flick against it, or a cancel-velocity veto: cancel whatever the position.
        case cancelVelocity(String)
        /// The velocity decides nothing; the position (threshold or anchor) does.
        case none
    }

    public func velocityVerdict(_ velocity: Vector2) -> VelocityVerdict {
        let edge = settings.edge
        let projected = edge.component(of: velocity)
        // Forward flick.
        if let flick = settings.flick, settings.rule != .vetoOnly {
            switch settings.velocityMeasure {
            case .magnitude2D:
                let direction = DismissEdge(dominantDirectionOf: velocity)
                let fast = flick.comparison.holds(velocity.length, flick.minimumVelocity)
                if fast && direction == edge {
                    return .forwardFlick("|v| \(fmt(velocity.length)) \(flick.comparison.symbol) \(fmt(flick.minimumVelocity)) towards \(edge)")
                }
                if fast && direction.axis != edge.axis && settings.offAxisFlick == .projectOntoAxis
                    && flick.comparison.holds(projected, flick.minimumVelocity) {
                    return .forwardFlick("on-axis v \(fmt(projected)) \(flick.comparison.symbol) \(fmt(flick.minimumVelocity))")
                }
            case .projected:
                if flick.comparison.holds(projected, flick.minimumVelocity) {
                    // Under "or-then-veto" a forward flick still loses to the veto; the
                    // two cannot both hold for the libraries' numbers, but be exact.
                    if case .some(let veto) = settings.cancelVelocity, vetoes(veto, projected: projected, velocity: velocity) {
                        break
                    }
                    return .forwardFlick("v \(fmt(projected)) \(flick.comparison.symbol) \(fmt(flick.minimumVelocity))")
                }
            }
        }
        // Cancel velocity.
        if let veto = settings.cancelVelocity, vetoes(veto, projected: projected, velocity: velocity) {
            return .cancelVelocity(describe(veto, projected: projected, velocity: velocity))
        }
        return .none
    }

    /// Whether the release position alone passes (threshold, or PhotoZoom's anchor test).
    /// `nil` when the settings have no position rule at all.
    public func positionPasses(progress: Double, rawProgress: Double, translation: Vector2) -> (passes: Bool, detail: String)? {
        switch settings.decisionInput {
        case .clampedFraction, .rawFraction:
            guard let threshold = settings.completionThreshold else { return nil }
            let value: Double
            if case .clampedFraction = settings.decisionInput { value = progress } else { value = rawProgress }
            let passes = settings.thresholdComparison.holds(value, threshold)
            return (passes, "fraction \(fmt(value)) \(passes ? "" : "not ")\(settings.thresholdComparison.symbol) \(fmt(threshold))")
        case .positionVsAnchor(let imageHeight):
            // Centre offset from the anchor: t − h0·s·(1 − s)/2 with s = 1 − min(max(t, 0)/H, 0.5).
            let t = settings.edge.component(of: translation)
            let s = 1 - min(max(t, 0) / settings.divisor, 0.5)
            let offset = t - imageHeight * s * (1 - s) / 2
            let passes = !(offset < 0)
            return (passes, "image centre \(fmt(offset)) pt from its anchor (\(passes ? "at/below" : "above"))")
        }
    }

    private func vetoes(_ rule: DismissalSettings.CancelVelocityRule, projected: Double, velocity: Vector2) -> Bool {
        switch rule {
        case .oppositeFlick:
            guard let flick = settings.flick else { return false }
            let direction = DismissEdge(dominantDirectionOf: velocity)
            switch settings.velocityMeasure {
            case .magnitude2D:
                return flick.comparison.holds(velocity.length, flick.minimumVelocity) && direction == settings.edge.opposite
            case .projected:
                return flick.comparison.holds(-projected, flick.minimumVelocity)
            }
        case .atOrBelow(let limit): return projected <= limit
        case .below(let limit): return projected < limit
        }
    }

    private func describe(_ rule: DismissalSettings.CancelVelocityRule, projected: Double, velocity: Vector2) -> String {
        switch rule {
        case .oppositeFlick: return "|v| \(fmt(velocity.length)) towards \(settings.edge.opposite)"
        case .atOrBelow(let limit): return "v \(fmt(projected)) <= \(fmt(limit))"
        case .below(let limit): return "v \(fmt(projected)) < \(fmt(limit))"
        }
    }
}

/// Short number formatting for check details (4 significant decimals).
func fmt(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    let rounded = (value * 10_000).rounded() / 10_000
    return JSONValue.format(rounded == 0 ? 0 : rounded)
}
