extension DismissalSettings {
    /// The fraction a translation stands for under these rules, before clamping:
    /// the translation along ``edge`` (floored at 0 under
    /// ``NegativeTranslation/floorDelta``) divided by ``divisor``. The driver computes it
    /// from the gesture for every transcript, whatever controller ran.
    package func rawProgress(of translation: Vector2) -> Double {
        rawProgressRule.rawProgress(of: translation)
    }

    /// The part of these rules ``rawProgress(of:)`` reads.
    package var rawProgressRule: RawProgressRule {
        RawProgressRule(edge: edge, divisor: divisor, floorsNegative: negativeTranslation == .floorDelta)
    }
}

/// The part of ``DismissalSettings`` the raw fraction reads, on its own: a small value a
/// driver keeps and computes every sample's fraction with. (Calling the settings' own
/// method on the settings a driver keeps copied all of them, a few hundred bytes, for every
/// sample, issue 26.)
package struct RawProgressRule: Hashable, Sendable {
    /// The edge whose axis the translation is measured along.
    package let edge: DismissEdge
    /// The divisor of the fraction, points.
    package let divisor: Double
    /// Whether a translation away from the edge counts as none (``NegativeTranslation/floorDelta``).
    package let floorsNegative: Bool

    /// The translation along the edge's axis, floored at 0 where ``floorsNegative``: what
    /// the fraction divides (and what a step of Transition's updates adds).
    package func along(_ translation: Vector2) -> Double {
        let along = edge.component(of: translation)
        return floorsNegative ? max(along, 0) : along
    }

    /// ``DismissalSettings/rawProgress(of:)``.
    package func rawProgress(of translation: Vector2) -> Double {
        along(translation) / divisor
    }
}
