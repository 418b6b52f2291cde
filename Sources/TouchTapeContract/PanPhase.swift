/// The phases of a recognised pan, as UIKit and Flutter report them.
package enum PanPhase: String, Hashable, Sendable, Codable {
    /// Slop crossed: the pan is recognised. Translation is zero here (the movement before
    /// is the pan sample's slop translation).
    case began
    /// The contacts moved (or the finger count changed) while panning.
    case changed
    /// All fingers lifted, or the count fell below the finger-count rule.
    case ended
    /// The gesture was cut off: the track ended with fingers still down
    /// (the recognizer's finish). A `SYN_DROPPED` gap does not cancel: the pan is
    /// re-anchored across it and its velocity history restarts.
    case cancelled
}
