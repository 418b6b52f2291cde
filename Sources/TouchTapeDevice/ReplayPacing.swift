/// How `touchtape play` spaces its writes.
package enum ReplayPacing: String, Sendable, CaseIterable {
    /// Each event at its recorded offset from the first one (evemu-play's behaviour).
    case realtime
    /// No sleeps at all: stress test; a slow reader will see `SYN_DROPPED`.
    case asFastAsPossible
}
