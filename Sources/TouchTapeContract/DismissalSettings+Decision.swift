extension DismissalSettings {
    /// A comparison against a limit, so every tie rule is written down rather than implied.
    package enum Comparison: String, Hashable, Sendable, CaseIterable, Codable {
        /// `value > limit`: a tie does not count (Transition's threshold, all of EasyTransitions).
        case greaterThan
        /// `value >= limit`: a tie counts (Transition's flick velocity, `PanInteractionController` L93).
        case greaterThanOrEqual

        /// Whether `value` passes `limit` under this comparison.
        package func holds(_ value: Double, _ limit: Double) -> Bool {
            switch self {
            case .greaterThan: return value > limit
            case .greaterThanOrEqual: return value >= limit
            }
        }

        /// `>` or `>=`, for reports.
        package var symbol: String {
            switch self {
            case .greaterThan: return ">"
            case .greaterThanOrEqual: return ">="
            }
        }

        /// What a failed comparison reads as: `<=` for `>`, `<` for `>=`.
        package var negatedSymbol: String {
            switch self {
            case .greaterThan: return "<="
            case .greaterThanOrEqual: return "<"
            }
        }
    }

    /// The position test's distance in points under the anchored rule: `.distance`'s, else
    /// the threshold's share of the divisor (0.5: midway between the anchors).
    package var positionalDistance: Double {
        if case .distance(let points) = decisionInput { return points }
        return (completionThreshold ?? 0.5) * divisor
    }

    /// Which value the release decision compares against the threshold.
    public enum DecisionInput: Hashable, Sendable, Codable {
        /// The fraction UIKit holds (clamped): Transition reads it back from its linear
        /// progress animator (`TransitionDriver` L73–79), so it is inside [0, 1].
        case clampedFraction
        /// The raw fraction of the release sample, unclamped (EasyTransitions' `panned`).
        case rawFraction
        /// PhotoZoomAnimator: no fraction test at all; the image centre is compared with its
        /// anchor (`ZoomDismissalInteractionController.swift` L59–61, L71–82). The image
        /// view's untransformed frame height `imageHeight` (h0, points) matters because the
        /// shrinking image moves its centre up by `h0·s·(1 − s)/2` at scale s.
        case positionVsAnchor(imageHeight: Double)
        /// The release position projected `seconds` ahead at the release velocity along the
        /// dismiss axis, as a fraction of the divisor (unclamped): `(t + v·seconds) / d`.
        /// React Navigation's stack card (`translation + velocity × gestureVelocityImpact`,
        /// 0.3 s, `Card.tsx`), Android's `BottomSheetBehavior.shouldHide` (`top + yvel ×
        /// hideFriction`, 0.1 s) and Apple's velocity projection (UIScrollView's normal
        /// deceleration rate 0.998 per ms: `v·r/(1 − r)` ms = 0.499 s). `fromStartOnly`: a
        /// release behind the start (negative translation) never passes, whatever the
        /// projection (`shouldHide`: "top < collapsedOffset → false").
        case projection(seconds: Double, fromStartOnly: Bool)
        /// The translation along the dismiss axis in points (not a fraction), compared with
        /// this distance: Compose's anchored dragging with an absolute positional threshold
        /// (`SwipeToDismissBoxDefaults` and `BottomSheetDefaults.PositionalThreshold`, 56 dp).
        case distance(Double)
    }

    /// How a release velocity is measured for the flick test.
    public enum VelocityMeasure: String, Hashable, Sendable, CaseIterable, Codable {
        /// Transition: the Euclidean magnitude of the 2-D velocity, with the direction taken
        /// from the dominant axis (`DismissEdge(dominantDirectionOf:)`).
        case magnitude2D
        /// EasyTransitions / PhotoZoomAnimator: the signed component along the dismiss axis.
        case projected
    }

    /// A release fast enough towards the dismiss edge finishes ("flick").
    package struct FlickRule: Hashable, Sendable, Codable {
        /// Points per second.
        package var minimumVelocity: Double
        /// How the velocity is compared with ``minimumVelocity``.
        package var comparison: Comparison
        /// A flick needs the fraction off zero: Flutter's `Dismissible` describes no fling
        /// when `_dragExtent == 0` (`_describeFlingGesture`), so a fast release exactly at the
        /// start (after pulling the wrong way) decides nothing.
        package var requiresProgress: Bool
        /// The axis component must beat the cross-axis one by this much (`|v_axis| −
        /// |v_cross| >= margin`, Flutter's `_kMinFlingVelocityDelta` 400); `nil`: no such test.
        package var crossAxisMargin: Double?
        /// A forward flick slides back when the completion threshold is 1 or more: Flutter's
        /// `Dismissible` takes a threshold of 1.0 as "this direction never dismisses", for a
        /// fling as for a drag (`_handleDragEnd`: `_dismissThreshold >= 1.0` → `reverse()`).
        package var slidesBackAtFullThreshold: Bool

        /// A flick rule.
        package init(minimumVelocity: Double, comparison: Comparison, requiresProgress: Bool = false,
                     crossAxisMargin: Double? = nil, slidesBackAtFullThreshold: Bool = false) {
            self.minimumVelocity = minimumVelocity
            self.comparison = comparison
            self.requiresProgress = requiresProgress
            self.crossAxisMargin = crossAxisMargin
            self.slidesBackAtFullThreshold = slidesBackAtFullThreshold
        }

        /// Whether a forward flick is blocked under `threshold` (``slidesBackAtFullThreshold``).
        package func blocksForwardFlick(threshold: Double?) -> Bool {
            slidesBackAtFullThreshold && (threshold ?? 0) >= 1
        }

        private enum CodingKeys: String, CodingKey {
            case minimumVelocity, comparison, requiresProgress, crossAxisMargin, slidesBackAtFullThreshold
        }

        // The later rules are written only when they are on, so every settings text written
        // before they existed reads back, and is written, byte for byte as it was.
        package init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(minimumVelocity: try c.decode(Double.self, forKey: .minimumVelocity),
                      comparison: try c.decode(Comparison.self, forKey: .comparison),
                      requiresProgress: try c.decodeIfPresent(Bool.self, forKey: .requiresProgress) ?? false,
                      crossAxisMargin: try c.decodeIfPresent(Double.self, forKey: .crossAxisMargin),
                      slidesBackAtFullThreshold: try c.decodeIfPresent(Bool.self, forKey: .slidesBackAtFullThreshold) ?? false)
        }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(minimumVelocity, forKey: .minimumVelocity)
            try c.encode(comparison, forKey: .comparison)
            if requiresProgress { try c.encode(true, forKey: .requiresProgress) }
            try c.encodeIfPresent(crossAxisMargin, forKey: .crossAxisMargin)
            if slidesBackAtFullThreshold { try c.encode(true, forKey: .slidesBackAtFullThreshold) }
        }
    }

    /// A release velocity that makes the transition roll back.
    public enum CancelVelocityRule: Hashable, Sendable, Codable {
        /// Transition: a flick (same measure, minimum and comparison as `FlickRule`) whose
        /// direction is the opposite edge on the same axis (`PanInteractionController` L96–100).
        case oppositeFlick
        /// Cancel when the projected velocity is at or below the limit (EasyTransitions:
        /// `complete` needs `v > −5`, so `v <= −5` cancels; L19, L71–78).
        case atOrBelow(Double)
        /// Cancel when the projected velocity is strictly below the limit (PhotoZoomAnimator:
        /// `vy < 0`, L71–82).
        case below(Double)
    }

    /// What happens to a flick whose dominant axis is not the dismiss axis.
    package enum OffAxisFlick: String, Hashable, Sendable, CaseIterable, Codable {
        /// Transition: ignored; the threshold decides (`PanInteractionController` L96–100).
        case ignore
        /// Not in any of the three libraries: judge the flick by its on-axis component instead.
        case projectOntoAxis
    }

    /// How position and velocity combine into finish or cancel.
    public enum DecisionRule: String, Hashable, Sendable, CaseIterable, Codable {
        /// Transition: a flick decides first, either way; otherwise the threshold.
        case flickThenThreshold
        /// EasyTransitions: `(position passes OR forward flick) AND NOT cancel velocity`.
        case orThenVeto
        /// PhotoZoomAnimator: `position passes AND NOT cancel velocity`; flicks play no part.
        case vetoOnly
        /// Compose's anchored dragging (`AnchoredDraggable.computeTarget`): a release with no
        /// velocity settles at the nearest anchor (the fraction against the threshold, a tie
        /// going to the dismissed anchor); a flick (forward or back) goes its way; a slower
        /// release is measured from the anchor behind the motion: moving forward, the
        /// position test; moving back, it stays dismissed only while within the position
        /// test's distance of the dismissed anchor.
        case anchored
    }
}
