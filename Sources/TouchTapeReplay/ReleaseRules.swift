@_spi(Pipeline) import TouchTapeEvents
import TouchTapeDismissal

/// The checks' own reading of the dismissal rules: given the settings a controller
/// claims to follow and the release values, which rule should have decided and how.
///
/// Written here, apart from `DismissalController`, on purpose: the checks are an
/// independent oracle, so a controller that drifts from its declared settings (or an
/// app developer's own controller) is caught rather than agreed with.
package struct ReleaseRules: Sendable {
    /// The settings in force.
    package var settings: DismissalSettings

    /// A value from its parts.
    package init(settings: DismissalSettings) { self.settings = settings }

    /// The velocity along the dismiss axis as the flick rule reads it, for drawing it on a
    /// velocity axis: the 2-D speed `|v|` signed by its direction along the axis where the
    /// rule measures the magnitude (Transition's) and `v` is mostly along the axis; else the
    /// component along it.
    package func flickReading(of v: Vector2) -> Double {
        let along = settings.edge.component(of: v)
        guard settings.velocityMeasure == .magnitude2D, DismissEdge(dominantDirectionOf: v).axis == settings.edge.axis else { return along }
        return along < 0 ? -v.length : v.length
    }

    /// What the velocity alone says at release.
    package enum VelocityVerdict: Hashable, Sendable {
        /// A flick towards the dismiss edge: finish whatever the position.
        case forwardFlick(Words)
        /// A flick against it, or a cancel-velocity veto: cancel whatever the position.
        case cancelVelocity(Words)
        /// The velocity decides nothing; the position (threshold or anchor) does.
        case none
    }

    /// What the release velocity alone says under these rules.
    /// - Parameter progress: the fraction at the release (a flick that needs progress,
    ///   Flutter's, is none at 0).
    package func velocityVerdict(_ velocity: Vector2, progress: Double? = nil) -> VelocityVerdict {
        let edge = settings.edge
        let projected = edge.component(of: velocity)
        let across = edge.axis == .vertical ? velocity.x : velocity.y
        // Flutter's gates: no fling at drag extent 0, nor one the cross axis nearly matches.
        let gated = settings.flick.map { flick in
            (flick.requiresProgress && progress == 0)
                || flick.crossAxisMargin.map { abs(projected) - abs(across) < $0 } ?? false
        } ?? false
        // Forward flick. A velocity of 0 (along the axis where the rule projects it, or its
        // magnitude, which is 0 for a vector of subnormal parts too) points nowhere: no
        // flick either way, whatever the minimum (under `>=` a minimum of 0 held both
        // ways; Flutter's fling always has a sign).
        if let flick = settings.flick, settings.rule != .vetoOnly, !gated,
           !flick.blocksForwardFlick(threshold: settings.completionThreshold) {
            switch settings.velocityMeasure {
            case .magnitude2D:
                let direction = DismissEdge(dominantDirectionOf: velocity)
                let fast = velocity.length > 0 && flick.comparison.holds(velocity.length, flick.minimumVelocity)
                if fast && direction == edge {
                    return .forwardFlick("|v| \(fmt: velocity.length) \(flick.comparison.symbol) \(fmt: flick.minimumVelocity) towards \(edge)")
                }
                if fast && direction.axis != edge.axis && settings.offAxisFlick == .projectOntoAxis
                    && projected != 0 && flick.comparison.holds(projected, flick.minimumVelocity) {
                    return .forwardFlick("on-axis v \(fmt: projected) \(flick.comparison.symbol) \(fmt: flick.minimumVelocity)")
                }
            case .projected:
                if projected != 0, flick.comparison.holds(projected, flick.minimumVelocity) {
                    // Under "or-then-veto" a forward flick still loses to the veto; the
                    // two cannot both hold for the libraries' numbers, but be exact.
                    if case .some(let veto) = settings.cancelVelocity, vetoes(veto, projected: projected, velocity: velocity) {
                        break
                    }
                    return .forwardFlick("v \(fmt: projected) \(flick.comparison.symbol) \(fmt: flick.minimumVelocity)")
                }
            }
        }
        // Cancel velocity.
        if let veto = settings.cancelVelocity, !(gated && veto == .oppositeFlick),
           vetoes(veto, projected: projected, velocity: velocity) {
            return .cancelVelocity(describe(veto, projected: projected, velocity: velocity))
        }
        return .none
    }

    /// Whether the release position alone passes (threshold, or PhotoZoom's anchor test).
    ///
    /// With no threshold a fraction test passes: nothing is there to fall short of (the
    /// velocity rules still apply). A threshold added to the anchor test (`replay
    /// --profile photozoom --threshold F`) must pass as well, on the clamped fraction.
    package func positionPasses(progress: Double, rawProgress: Double, translation: Vector2,
                                velocity: Vector2) -> (passes: Bool, detail: Words)? {
        func fraction(_ value: Double, _ name: Words) -> (passes: Bool, detail: Words) {
            guard let threshold = settings.completionThreshold else { return (true, "\(name) \(fmt: value), no threshold") }
            let passes = settings.thresholdComparison.holds(value, threshold)
            return (passes, "\(name) \(fmt: value) \(passes ? "" : "not ")\(settings.thresholdComparison.symbol) \(fmt: threshold)")
        }
        let along = settings.edge.component(of: translation)
        if settings.rule == .anchored {
            // Compose: at rest the nearer anchor; moving back, measured from the dismissed one.
            let v = settings.edge.component(of: velocity)
            if v == 0 {
                let threshold = settings.completionThreshold ?? 0.5
                return (progress >= threshold, "no velocity: fraction \(fmt: progress) \(progress >= threshold ? ">=" : "<") \(fmt: threshold), the nearer anchor")
            }
            if v < 0 {
                let limit = settings.positionalDistance
                let fromFar = settings.divisor - along
                let stays = !settings.thresholdComparison.holds(fromFar, limit)
                return (stays, "moving back: \(fmt: fromFar) \(settings.unit.symbol) from the dismissed anchor \(stays ? "not " : "")\(settings.thresholdComparison.symbol) \(fmt: limit) \(settings.unit.symbol)")
            }
        }
        switch settings.decisionInput {
        case .projection(let seconds, let fromStartOnly):
            if fromStartOnly, along < 0 { return (false, "released \(fmt: -along) \(settings.unit.symbol) behind its start") }
            return fraction((along + settings.edge.component(of: velocity) * seconds) / settings.divisor,
                            "projected fraction (\(fmt: seconds) s ahead)")
        case .distance(let points):
            let passes = settings.thresholdComparison.holds(along, points)
            return (passes, "translation \(fmt: along) \(settings.unit.symbol) \(passes ? "" : "not ")\(settings.thresholdComparison.symbol) \(fmt: points) \(settings.unit.symbol)")
        case .clampedFraction:
            return fraction(progress, "fraction")
        case .rawFraction:
            // A negative pan clamped for the decision too (`NegativeTranslation.clamp`).
            switch settings.negativeTranslation {
            case .clamp: return fraction(max(rawProgress, settings.progressClamp.lowerBound), "raw fraction")
            case .rawForDecision, .floorDelta: return fraction(rawProgress, "raw fraction")
            }
        case .positionVsAnchor(let imageHeight):
            // Centre offset from the anchor: t − h0·s·(1 − s)/2 with s = 1 − min(max(t, 0)/H, 0.5);
            // the shrinking image moves its centre on y only, so a horizontal edge has no shift.
            let t = settings.edge.component(of: translation)
            let s = 1 - min(max(t, 0) / settings.divisor, 0.5)
            let shift = settings.edge.axis == .vertical ? imageHeight * s * (1 - s) / 2 : 0
            let offset = t - shift
            let anchorPasses = !(offset < 0)
            let anchor: Words = "image centre \(fmt: offset) \(settings.unit.symbol) from its anchor (\(anchorPasses ? "at/below" : "above"))"
            guard anchorPasses, settings.completionThreshold != nil else { return (anchorPasses, anchor) }
            let threshold = fraction(progress, "fraction")
            return (threshold.passes, "\(anchor); \(threshold.detail)")
        }
    }

    private func vetoes(_ rule: DismissalSettings.CancelVelocityRule, projected: Double, velocity: Vector2) -> Bool {
        switch rule {
        case .oppositeFlick:
            guard let flick = settings.flick else { return false }
            let direction = DismissEdge(dominantDirectionOf: velocity)
            switch settings.velocityMeasure {
            case .magnitude2D:
                guard velocity.length > 0, flick.comparison.holds(velocity.length, flick.minimumVelocity) else { return false }
                if direction.axis == settings.edge.axis { return direction == settings.edge.opposite }
                // Off-axis: judged by its on-axis component when the settings project it.
                return settings.offAxisFlick == .projectOntoAxis && projected != 0 && flick.comparison.holds(-projected, flick.minimumVelocity)
            case .projected:
                return projected != 0 && flick.comparison.holds(-projected, flick.minimumVelocity)
            }
        case .atOrBelow(let limit): return projected <= limit
        case .below(let limit): return projected < limit
        }
    }

    private func describe(_ rule: DismissalSettings.CancelVelocityRule, projected: Double, velocity: Vector2) -> Words {
        switch rule {
        case .oppositeFlick:
            let direction = DismissEdge(dominantDirectionOf: velocity)
            if settings.velocityMeasure == .magnitude2D, direction.axis == settings.edge.axis {
                return "|v| \(fmt: velocity.length) towards \(settings.edge.opposite)"
            }
            return "on-axis v \(fmt: projected) towards \(settings.edge.opposite)"
        case .atOrBelow(let limit): return "v \(fmt: projected) <= \(fmt: limit)"
        case .below(let limit): return "v \(fmt: projected) < \(fmt: limit)"
        }
    }
}

/// Short number formatting for check details (4 significant decimals).
func fmt(_ value: Double) -> String {
    var out: [UInt8] = []
    fmt(value, into: &out)
    return String(decoding: out, as: UTF8.self)
}

/// ``fmt(_:)``'s text appended to `out` (no string made for it).
func fmt(_ value: Double, into out: inout [UInt8]) {
    guard value.isFinite else {
        out += "\(value)".utf8
        return
    }
    let rounded = (value * 10_000).rounded() / 10_000
    JSONValue.number(rounded == 0 ? 0 : rounded, into: &out)
}

extension Words.Interpolation {
    /// `\(fmt: value)`: ``fmt(_:)`` written in place.
    mutating func appendInterpolation(fmt value: Double) {
        appendInterpolation(write: { fmt(value, into: &$0) })
    }
}
