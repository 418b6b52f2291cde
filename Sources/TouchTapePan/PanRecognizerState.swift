/// The states of ``PanRecognizer``, named as `UIGestureRecognizer.State`.
///
/// ```
/// possible ──slop crossed with enough fingers──► began ──move──► changed ─┐
///    │                                              │  ◄─────move───────────┘
///    │ all fingers up / track ends                  ├─ all up, or fewer than minimum ─► ended
///    ▼                                              └─ track ends with fingers down ──► cancelled
///  failed
/// ended / cancelled / failed ──all fingers up, then a new touch──► possible
/// ```
package enum PanRecognizerState: String, Hashable, Sendable, CaseIterable {
    /// Fingers may be down; the slop is not crossed yet (or too few fingers).
    case possible
    /// The frame that crossed the slop. Translation zero.
    case began
    /// Panning; at least one frame after `began`.
    case changed
    /// Released: all fingers up, or fewer than the finger rule's minimum.
    case ended
    /// Cut off: the track ended with fingers still down.
    case cancelled
    /// The touches ended without crossing the slop.
    case failed
}
