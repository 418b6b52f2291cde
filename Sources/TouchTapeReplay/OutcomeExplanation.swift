@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal

/// Why a track came out as it did, in words a developer tuning a dismissal understands,
/// and how far each setting is from flipping it (``Margins``).
///
/// Written from the transcript (what the controller did) and the settings it claims to
/// follow, so every report format says the same thing: the test that decided with its
/// numbers, the other test's verdict with its numbers, then the margins; a pan that started
/// no transition says why it was refused (the direction at `.began`, the velocity at
/// `.began`, one-finger touchpad motion, never past the slop…). Every comparison printed
/// holds for the numbers as printed (digits are added until they do).
///
/// ```swift
/// let why = OutcomeExplanation(transcript: t, pan: configuration.pan)
/// why.summary            // "threshold: release progress 0.566 > threshold 0.333; no flick: |v| 300 pt/s
///                        //  towards bottom < minimum 1200; margins: threshold +0.232, flick velocity no flip"
/// why.margins.threshold  // 0.232
/// ```
package struct OutcomeExplanation: Hashable, Sendable {
    /// ``summary``'s bytes, as written (a JSON report writes them as they are).
    package var words: Words
    /// How far the threshold and the flick velocity must move for the outcome to flip.
    package var margins: Margins

    /// One sentence; starts with the reason's word (`threshold:`, `flick:`, `refused:` …).
    package var summary: String { words.text }

    /// - Parameter pan: the recognizer's settings (slop, finger rules), when known; the
    ///   words for a pan that never began then name the slop and the profile's maximum.
    package init(transcript t: borrowing Transcript, pan: PanSettings? = nil) {
        margins = t.outcome == .none ? Margins(threshold: nil, flickVelocity: nil)
            : Margins(decision: t.decision, release: t.releaseSample, settings: t.settings)
        // Built as ``Words`` and kept as bytes: as `String` pieces joined, a probe's
        // explanation was a tenth of a probed replay (issue 26).
        var words = Self.summary(t, pan: pan)
        if t.outcome != .none, let margins = Self.marginWords(margins, settings: t.settings) {
            words += "; \(margins)"
        }
        if let limit = pan?.fingerRule(for: t.deviceKind).maximum, t.fingers > limit {
            words += "; \(t.fingers) fingers down, the profile's maximum is \(limit): touches beyond the first"
            if limit != 1 { words += " \(limit)" }
            words += " were ignored"
        }
        self.words = words
    }

    /// The value the threshold test compares: UIKit's fraction (clamped), the raw one, or
    /// the release projected ahead at its velocity (`nil` for a distance test).
    static func thresholdValue(_ d: Decision, settings: DismissalSettings) -> Double? {
        guard settings.completionThreshold != nil else { return nil }
        switch settings.decisionInput {
        case .clampedFraction, .positionVsAnchor: return d.progress
        case .rawFraction:
            switch settings.negativeTranslation {
            case .clamp: return max(d.rawProgress, settings.progressClamp.lowerBound)
            case .rawForDecision, .floorDelta: return d.rawProgress
            }
        case .projection(let seconds, _):
            return d.rawProgress + settings.edge.component(of: d.velocity) * seconds / settings.divisor
        case .distance:
            return nil
        }
    }

    /// `margins: threshold +0.031, flick velocity no flip` (settings that are off left out).
    static func marginWords(_ m: Margins, settings: DismissalSettings) -> Words? {
        let threshold = settings.completionThreshold != nil, flick = settings.flick != nil && settings.rule != .vetoOnly
        guard threshold || flick else { return nil }
        var words: Words = "margins: "
        if threshold {
            words += "threshold "
            if let margin = m.threshold { words.append(signed(margin, 3)) } else { words += "no flip" }
        }
        if flick {
            words += threshold ? ", flick velocity " : "flick velocity "
            if let margin = m.flickVelocity { words += "\(signed(margin, 0)) \(settings.unit.symbol)/s" } else { words += "no flip" }
        }
        return words
    }

    /// The threshold test at the release: `release progress 0.364 > threshold 0.333`.
    static func thresholdWords(_ d: Decision, settings: DismissalSettings) -> Words? {
        let comparison = settings.thresholdComparison
        if case .distance(let points) = settings.decisionInput {
            let along = d.rawProgress * settings.divisor
            let passes = comparison.holds(along, points)
            let (a, b) = printed(along, points, digits: 1)
            return "release translation \(a) \(settings.unit.symbol) \(passes ? comparison.symbol : comparison.negatedSymbol) distance \(b) \(settings.unit.symbol)"
        }
        guard let threshold = settings.completionThreshold, let value = thresholdValue(d, settings: settings) else { return nil }
        if case .projection(let seconds, let fromStartOnly) = settings.decisionInput {
            if fromStartOnly, d.rawProgress < 0 {
                return "released behind its start (progress \(fixed: d.rawProgress, 3)), which never dismisses"
            }
            let passes = comparison.holds(value, threshold)
            let (a, b) = printed(value, threshold, digits: 3)
            let along: Words = "\(fixed: settings.edge.component(of: d.velocity), 0) \(settings.unit.symbol)/s"
            return "release projected \(fixed: seconds, 3) s ahead at \(along): progress \(a) \(passes ? comparison.symbol : comparison.negatedSymbol) threshold \(b)"
        }
        let passes = comparison.holds(value, threshold)
        let (a, b) = printed(value, threshold, digits: 3)
        return "release progress \(a) \(passes ? comparison.symbol : comparison.negatedSymbol) threshold \(b)"
    }

    /// The flick test at the release: whether it held towards the edge or against it, and
    /// the words (`|v| 2392 pt/s towards top >= minimum 1200`, `velocity 173 pt/s towards
    /// bottom <= minimum 1200`, `|v| 1500 pt/s towards left, off the bottom axis`).
    /// A fast enough forward fling that Flutter's gates refuse (`progress`: the fraction at
    /// the release) is no flick, and the words say which gate: no fling counts at progress
    /// 0, nor one whose cross-axis speed is within the margin, nor a forward one at
    /// threshold 1 (it slides back), as ``ReleaseRules/velocityVerdict(_:progress:)`` rules.
    static func flickWords(_ velocity: Vector2, settings: DismissalSettings, progress: Double? = nil) -> (held: Bool, words: Words)? {
        guard let flick = settings.flick, settings.rule != .vetoOnly else { return nil }
        let edge = settings.edge
        let c = flick.comparison
        let along = edge.component(of: velocity)
        let across = edge.axis == .vertical ? velocity.x : velocity.y
        func compared(_ name: StaticString, _ value: Double, towards: DismissEdge) -> (Bool, Words) {
            var words = Words()
            words.append(name)
            // 0 meets a minimum of 0 under `>=` but points nowhere: no flick either way, as
            // ``ReleaseRules/velocityVerdict(_:progress:)`` rules.
            if value == 0, c.holds(0, flick.minimumVelocity) {
                let place: Words = velocity.length == 0 ? "(at rest)" : "along the \(edge) axis"
                return (false, words + " 0 \(settings.unit.symbol)/s \(place) points nowhere")
            }
            let held = c.holds(value, flick.minimumVelocity)
            let (a, b) = printed(value, flick.minimumVelocity, digits: 0)
            // At rest a velocity has no direction (it read "|v| 0 pt/s towards top").
            if velocity == .zero {
                words += " \(a) \(settings.unit.symbol)/s (at rest) \(held ? c.symbol : c.negatedSymbol) minimum \(b)"
            } else {
                // A velocity read along the edge can be negative: say which way it moved.
                let moving: Words = value < 0 ? " (moving towards \(towards.opposite))" : ""
                words += " \(a) \(settings.unit.symbol)/s towards \(towards)\(moving) \(held ? c.symbol : c.negatedSymbol) minimum \(b)"
            }
            guard held, towards == edge else { return (held, words) }
            if flick.requiresProgress, progress == 0 {
                return (false, words + ", but a fling at progress 0 does not count")
            }
            if let margin = flick.crossAxisMargin, abs(along) - abs(across) < margin {
                return (false, words + ", but the cross-axis speed is within \(fixed: margin, 0) \(settings.unit.symbol)/s of it")
            }
            if flick.blocksForwardFlick(threshold: settings.completionThreshold) {
                return (false, words + ", but at threshold 1 a forward fling slides back")
            }
            return (held, words)
        }
        switch settings.velocityMeasure {
        case .magnitude2D:
            let direction = DismissEdge(dominantDirectionOf: velocity)
            if direction.axis == edge.axis { return compared("|v|", velocity.length, towards: direction) }
            switch settings.offAxisFlick {
            case .ignore:
                return (false, "|v| \(fixed: velocity.length, 0) \(settings.unit.symbol)/s towards \(direction), off the \(edge) axis")
            case .projectOntoAxis:
                return compared("velocity", abs(along), towards: along >= 0 ? edge : edge.opposite)
            }
        case .projected:
            if settings.cancelVelocity == .oppositeFlick, along < 0 {
                return compared("velocity", -along, towards: edge.opposite)
            }
            return compared("velocity", along, towards: edge)
        }
    }

    private static func summary(_ t: Transcript, pan: PanSettings?) -> Words {
        let settings = t.settings
        guard let d = t.decision else {
            return t.reason == .noRelease ? "no decision: the recording ends before the pan ended" : "refused: \(refusal(t, pan: pan))"
        }
        let position = thresholdWords(d, settings: settings)
        let flick = flickWords(d.velocity, settings: settings, progress: d.progress)
        switch t.reason {
        case .threshold:
            guard let position else { return "threshold: \(d.detail)" }
            var words: Words = "threshold: \(position)"
            if let flick { words += flick.held ? "; a flick too: \(flick.words)" : "; no flick: \(flick.words)" }
            return words
        case .flick:
            guard let flick else { return "flick: \(d.detail)" }
            var words: Words = "flick: \(flick.words)"
            if let position { words += "; \(position)" }
            return words
        case .veto:
            var words: Words = "cancel velocity: \(d.detail) \(settings.unit.symbol)/s (moving away from \(settings.edge) at release)"
            if let position { words += "; \(position)" }
            return words
        case .anchor:
            return "anchor: \(d.detail)"
        case .ignoredCancel:
            return "no decision: the gesture was cut off (.cancelled) and \(t.profileName) decides only on a release (.ended)"
        case .noRelease:
            return "no decision: the recording ends before the pan ended"
        case .noTransition:
            return "refused: \(refusal(t, pan: pan))"
        }
    }

    /// `a` and `b` printed with `digits` decimals, or more (up to 6) until two different
    /// values print differently, so a printed comparison holds for the printed numbers;
    /// values closer than that (a probe one representable step from a boundary) are printed
    /// whole (`1199.9999999999998 < minimum 1200`, not `1200.000000 < minimum 1200.000000`).
    static func printed(_ a: Double, _ b: Double, digits: Int) -> (String, String) {
        var digits = digits
        while a != b, n(a, digits) == n(b, digits), digits < 6 { digits += 1 }
        if a != b, n(a, digits) == n(b, digits) { return (DecimalText.shortest(a), DecimalText.shortest(b)) }
        return (n(a, digits), n(b, digits))
    }

    /// Why no transition started.
    private static func refusal(_ t: Transcript, pan: PanSettings?) -> Words {
        let settings = t.settings
        guard let began = t.samples.first(where: { $0.phase == .began }) else {
            if t.deviceKind == .touchpad, t.fingers < (pan?.touchpadFingers.minimum ?? PanConstants.touchpadMinimumFingers) {
                return "one-finger touchpad motion is pointer motion, not a pan"
            }
            var words: Words = "no pan began: the contacts never moved past the slop"
            if let pan { words += " (\(fixed: pan.slop(for: t.deviceKind), 1) \(settings.unit.symbol))" }
            return words
        }
        let edge = settings.edge
        let v = began.velocity
        let velocityWords: Words = "velocity (\(fixed: v.x, 0), \(fixed: v.y, 0)) \(settings.unit.symbol)/s"
        switch settings.beginRule {
        case .translationEdge:
            // The movement the controller decided on (``DismissalController/beginMovement(of:)``).
            let (movement, source) = DismissalController.beginMovement(of: began)
            if movement == .zero {
                return "at recognition translation and velocity were zero, which reads as towards top; the pan must start towards \(edge)"
            }
            let direction = DismissEdge(dominantDirectionOf: movement)
            let moved: Words
            switch source {
            case .slop: moved = "it moved (\(fixed: movement.x, 0), \(fixed: movement.y, 0)) \(settings.unit.symbol) before it was recognised"
            case .translation: moved = "translation (\(fixed: movement.x, 0), \(fixed: movement.y, 0)) \(settings.unit.symbol) at .began"
            case .velocity: moved = "\(velocityWords) at .began"
            }
            return "the pan started towards \(direction) (\(moved)), not towards \(edge)"
        case .positiveVelocity:
            return "the velocity at .began was not towards \(edge) (\(fixed: edge.component(of: v), 0) \(settings.unit.symbol)/s along it, needs > 0)"
        case .notUpward:
            return "the velocity at .began pointed away from \(edge) (\(fixed: edge.component(of: v), 0) \(settings.unit.symbol)/s along it)"
        case .any:
            return "the controller refused the pan at .began (\(velocityWords))"
        }
    }

    static func n(_ value: Double, _ digits: Int) -> String { TextReportRenderer.fixed(value, digits) }

    static func signed(_ value: Double, _ digits: Int) -> String {
        let text = n(value, digits)
        // Zero printed ("0", "0.000") takes no sign; read from its digits, not parsed back.
        let zero = text.utf8.allSatisfy { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") }
        return text.hasPrefix("-") || zero ? text : "+" + text
    }
}
