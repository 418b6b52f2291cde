// Written out rather than synthesised for one reason: `progressUpdatePhases` is a set, and
// a synthesised encoding writes a set in its hash order, which changes from one process to
// the next. A snapshot of a transcript (which carries its settings) must be the same bytes
// every run, so the phases are written sorted.
extension DismissalSettings {
    private enum CodingKeys: String, CodingKey {
        case edge, progressDistance, distanceMultiplier, progressClamp, negativeTranslation
        case progressUpdateMode, progressUpdatePhases, decisionInput, completionThreshold
        case thresholdComparison, velocityMeasure, flick, cancelVelocity, offAxisFlick, rule
        case beginRule, onGestureCancelled, maximumTouches, completion, interactiveCallbackTiming, unit, viewBounds
    }

    /// Encodes every rule; the update phases in a fixed order (`began`, `changed`, …
    /// sorted by name) so equal settings always encode to equal bytes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(edge, forKey: .edge)
        try c.encode(progressDistance, forKey: .progressDistance)
        try c.encode(distanceMultiplier, forKey: .distanceMultiplier)
        try c.encode(progressClamp, forKey: .progressClamp)
        try c.encode(negativeTranslation, forKey: .negativeTranslation)
        try c.encode(progressUpdateMode, forKey: .progressUpdateMode)
        try c.encode(progressUpdatePhases.sorted { $0.rawValue < $1.rawValue }, forKey: .progressUpdatePhases)
        try c.encode(decisionInput, forKey: .decisionInput)
        try c.encodeIfPresent(completionThreshold, forKey: .completionThreshold)
        try c.encode(thresholdComparison, forKey: .thresholdComparison)
        try c.encode(velocityMeasure, forKey: .velocityMeasure)
        try c.encodeIfPresent(flick, forKey: .flick)
        try c.encodeIfPresent(cancelVelocity, forKey: .cancelVelocity)
        try c.encode(offAxisFlick, forKey: .offAxisFlick)
        try c.encode(rule, forKey: .rule)
        try c.encode(beginRule, forKey: .beginRule)
        try c.encode(onGestureCancelled, forKey: .onGestureCancelled)
        try c.encodeIfPresent(maximumTouches, forKey: .maximumTouches)
        try c.encode(completion, forKey: .completion)
        try c.encode(interactiveCallbackTiming, forKey: .interactiveCallbackTiming)
        // Points (every iOS profile and app) are not written: such settings keep the bytes
        // they had before units existed.
        if unit != .points { try c.encode(unit, forKey: .unit) }
        try c.encodeIfPresent(viewBounds, forKey: .viewBounds)
    }

    /// Decodes what ``encode(to:)`` wrote. The result is not validated: it is the value
    /// that was encoded, valid or not.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            edge: try c.decode(DismissEdge.self, forKey: .edge),
            progressDistance: try c.decode(Double.self, forKey: .progressDistance),
            distanceMultiplier: try c.decode(Double.self, forKey: .distanceMultiplier),
            progressClamp: try c.decode(ClosedRange<Double>.self, forKey: .progressClamp),
            negativeTranslation: try c.decode(NegativeTranslation.self, forKey: .negativeTranslation),
            progressUpdateMode: try c.decode(ProgressUpdateMode.self, forKey: .progressUpdateMode),
            progressUpdatePhases: Set(try c.decode([PanPhase].self, forKey: .progressUpdatePhases)),
            decisionInput: try c.decode(DecisionInput.self, forKey: .decisionInput),
            completionThreshold: try c.decodeIfPresent(Double.self, forKey: .completionThreshold),
            thresholdComparison: try c.decode(Comparison.self, forKey: .thresholdComparison),
            velocityMeasure: try c.decode(VelocityMeasure.self, forKey: .velocityMeasure),
            flick: try c.decodeIfPresent(FlickRule.self, forKey: .flick),
            cancelVelocity: try c.decodeIfPresent(CancelVelocityRule.self, forKey: .cancelVelocity),
            offAxisFlick: try c.decode(OffAxisFlick.self, forKey: .offAxisFlick),
            rule: try c.decode(DecisionRule.self, forKey: .rule),
            beginRule: try c.decode(BeginRule.self, forKey: .beginRule),
            onGestureCancelled: try c.decode(GestureCancelledRule.self, forKey: .onGestureCancelled),
            maximumTouches: try c.decodeIfPresent(Int.self, forKey: .maximumTouches),
            completion: try c.decode(CompletionStyle.self, forKey: .completion),
            interactiveCallbackTiming: try c.decode(InteractiveCallbackTiming.self, forKey: .interactiveCallbackTiming),
            unit: try c.decodeIfPresent(PlatformUnit.self, forKey: .unit) ?? .points)
        viewBounds = try c.decodeIfPresent(GestureView.Bounds.self, forKey: .viewBounds)
    }
}
