import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal

/// Why a track came out as it did, in words a developer tuning a dismissal understands,
/// and how far its release was from flipping.
///
/// Written from the transcript (what the controller did) and the settings it claims to
/// follow, so every report format says the same thing: a threshold decision names the
/// release progress and the threshold, a flick the velocity and the minimum, and a pan
/// that started no transition says why it was refused (the direction at `.began`, the
/// velocity at `.began`, one-finger touchpad motion, never past the slop…).
///
/// ```swift
/// let why = OutcomeExplanation(transcript: t, pan: configuration.pan)
/// why.summary          // "threshold: release progress 0.566 > threshold 0.333 (margin +0.232)"
/// why.thresholdMargin  // 0.232
/// ```
package struct OutcomeExplanation: Hashable, Sendable {
    /// One sentence; starts with the reason's word (`threshold:`, `flick:`, `refused:` …).
    package var summary: String
    /// The fraction the threshold test compares at release minus the threshold (positive:
    /// past it); `nil` without a decision or a threshold.
    package var thresholdMargin: Double?
    /// The release velocity as the flick rule measures it, signed towards the dismiss edge
    /// (|v| for Transition's 2-D magnitude when its dominant direction is the edge, −|v|
    /// when it is the opposite edge, the on-axis component otherwise), minus the minimum
    /// flick velocity; `nil` without a decision or with flicks off.
    package var flickMargin: Double?

    package init(summary: String, thresholdMargin: Double?, flickMargin: Double?) {
        self.summary = summary
        self.thresholdMargin = thresholdMargin
        self.flickMargin = flickMargin
    }

    /// - Parameter pan: the recognizer's settings (slop, finger rules), when known; the
    ///   words for a pan that never began then name the slop and the profile's maximum.
    package init(transcript t: Transcript, pan: PanSettings? = nil) {
        let settings = t.settings
        var margins: (Double?, Double?) = (nil, nil)
        if let d = t.decision, t.outcome != .none {
            margins = (Self.thresholdValue(d, settings: settings).map { $0 - settings.completionThreshold! },
                       Self.flickValue(d.velocity, settings: settings).map { $0 - settings.flick!.minimumVelocity })
        }
        (thresholdMargin, flickMargin) = margins
        summary = Self.summary(t, pan: pan, thresholdMargin: margins.0, flickMargin: margins.1)
        if let limit = pan?.fingerRule(for: t.deviceKind).maximum, t.fingers > limit {
            summary += "; \(t.fingers) fingers down, the profile's maximum is \(limit): touches beyond the first"
                + (limit == 1 ? "" : " \(limit)") + " were ignored"
        }
    }

    /// The value the threshold test compares: UIKit's fraction (clamped) or the raw one.
    static func thresholdValue(_ d: Decision, settings: DismissalSettings) -> Double? {
        guard settings.completionThreshold != nil else { return nil }
        switch settings.decisionInput {
        case .clampedFraction, .positionVsAnchor: return d.progress
        case .rawFraction:
            switch settings.negativeTranslation {
            case .clamp: return max(d.rawProgress, settings.progressClamp.lowerBound)
            case .rawForDecision, .floorDelta: return d.rawProgress
            }
        }
    }

    /// The release velocity as the flick rule measures it, signed towards the edge.
    package static func flickValue(_ velocity: Vector2, settings: DismissalSettings) -> Double? {
        guard settings.flick != nil, settings.rule != .vetoOnly else { return nil }
        let edge = settings.edge
        switch settings.velocityMeasure {
        case .projected:
            return edge.component(of: velocity)
        case .magnitude2D:
            let direction = DismissEdge(dominantDirectionOf: velocity)
            if direction == edge { return velocity.length }
            if direction == edge.opposite { return -velocity.length }
            return edge.component(of: velocity)
        }
    }

    private static func summary(_ t: Transcript, pan: PanSettings?, thresholdMargin: Double?, flickMargin: Double?) -> String {
        let settings = t.settings
        switch t.reason {
        case .threshold:
            guard let d = t.decision, let threshold = settings.completionThreshold,
                  let value = thresholdValue(d, settings: settings) else {
                return "threshold: \(t.decision?.detail ?? "no threshold")"
            }
            let passes = settings.thresholdComparison.holds(value, threshold)
            let relation = passes ? settings.thresholdComparison.symbol : (settings.thresholdComparison == .greaterThan ? "<=" : "<")
            var words = "threshold: release progress \(n(value, 3)) \(relation) threshold \(n(threshold, 3))"
            words += " (margin \(signed(thresholdMargin ?? 0, 3)))"
            if let flickMargin, let flick = settings.flick {
                words += "; no flick: velocity \(n(flickMargin + flick.minimumVelocity, 0)) pt/s"
                    + " vs minimum \(n(flick.minimumVelocity, 0)) (margin \(signed(flickMargin, 0)))"
            }
            return words
        case .flick:
            guard let d = t.decision, let flick = settings.flick, let value = flickValue(d.velocity, settings: settings) else {
                return "flick: \(t.decision?.detail ?? "")"
            }
            let towards = value >= 0 ? settings.edge : settings.edge.opposite
            let measure = settings.velocityMeasure == .magnitude2D ? "|v|" : "velocity"
            return "flick towards \(towards): \(measure) \(n(abs(value), 0)) pt/s \(flick.comparison.symbol) minimum"
                + " \(n(flick.minimumVelocity, 0)) (margin \(signed(abs(value) - flick.minimumVelocity, 0)))"
                + (thresholdMargin.map { "; release progress margin \(signed($0, 3))" } ?? "")
        case .veto:
            return "cancel velocity: \(t.decision?.detail ?? "") pt/s (moving away from \(settings.edge) at release)"
        case .anchor:
            return "position: \(t.decision?.detail ?? "")"
        case .ignoredCancel:
            return "no decision: the gesture was cut off (.cancelled) and \(t.profileName) decides only on a release (.ended)"
        case .noRelease:
            return "no decision: the recording ends before the pan ended"
        case .noTransition:
            return "refused: " + refusal(t, pan: pan)
        }
    }

    /// Why no transition started.
    private static func refusal(_ t: Transcript, pan: PanSettings?) -> String {
        let settings = t.settings
        guard let began = t.samples.first(where: { $0.phase == .began }) else {
            if t.deviceKind == .touchpad, t.fingers < (pan?.touchpadFingers.minimum ?? PanConstants.touchpadMinimumFingers) {
                return "one-finger touchpad motion is pointer motion, not a pan"
            }
            let slop = pan.map { " (\(n($0.slop(for: t.deviceKind), 1)) pt)" } ?? ""
            return "no pan began: the contacts never moved past the slop\(slop)"
        }
        let edge = settings.edge
        let v = began.velocity
        let velocityWords = "velocity (\(n(v.x, 0)), \(n(v.y, 0))) pt/s"
        switch settings.beginRule {
        case .translationEdge:
            if began.translation == .zero && v == .zero {
                return "at recognition translation and velocity were zero, which reads as towards top;"
                    + " the pan must start towards \(edge)"
            }
            let direction = DismissEdge(dominantDirectionOf: began.translation != .zero ? began.translation : v)
            return "the pan started towards \(direction) (\(velocityWords) at .began), not towards \(edge)"
        case .positiveVelocity:
            return "the velocity at .began was not towards \(edge) (\(n(edge.component(of: v), 0)) pt/s along it, needs > 0)"
        case .notUpward:
            return "the velocity at .began pointed away from \(edge) (\(n(edge.component(of: v), 0)) pt/s along it)"
        case .any:
            return "the controller refused the pan at .began (\(velocityWords))"
        }
    }

    static func n(_ value: Double, _ digits: Int) -> String { TextReportRenderer.fixed(value, digits) }

    static func signed(_ value: Double, _ digits: Int) -> String {
        let text = n(value, digits)
        return text.hasPrefix("-") || Double(text) == 0 ? text : "+" + text
    }
}
