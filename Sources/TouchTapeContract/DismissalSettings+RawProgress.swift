extension DismissalSettings {
    /// The fraction a translation stands for under these rules, before clamping:
    /// the translation along ``edge`` (floored at 0 under
    /// ``NegativeTranslation/floorDelta``) divided by ``divisor``. The driver computes it
    /// from the gesture for every transcript, whatever controller ran.
    package func rawProgress(of translation: Vector2) -> Double {
        let along = edge.component(of: translation)
        switch negativeTranslation {
        case .floorDelta: return max(along, 0) / divisor
        case .clamp, .rawForDecision: return along / divisor
        }
    }
}
