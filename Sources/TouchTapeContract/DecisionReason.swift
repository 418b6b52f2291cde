/// Why a release ended the way it did, for reports.
package enum DecisionReason: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// The fraction passed (or failed) the completion threshold.
    case threshold
    /// PhotoZoomAnimator's position test: image centre at/below (or above) its anchor.
    case anchor
    /// A flick decided: towards the dismiss edge (finish) or, as Transition does, against it (cancel).
    case flick
    /// A cancel-velocity rule overrode the position (EasyTransitions `v <= −5`, PhotoZoomAnimator `vy < 0`).
    case veto
    /// No transition existed: the begin rule refused the pan (or it never began).
    case noTransition
    /// The gesture ended `.cancelled` and the library ignores that (no decision).
    case ignoredCancel
    /// The samples stopped before the pan ended or was cancelled (a cut-short track).
    case noRelease

    /// The reason as reports print it (`no transition`, …).
    package var description: String {
        switch self {
        case .threshold: return "threshold"
        case .anchor: return "anchor"
        case .flick: return "flick"
        case .veto: return "veto"
        case .noTransition: return "no transition"
        case .ignoredCancel: return "ignored cancel"
        case .noRelease: return "no release"
        }
    }
}
