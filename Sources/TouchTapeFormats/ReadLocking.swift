/// How a recording is locked while it is read (see ``FileLock``).
package enum ReadLocking {
    /// A shared lock, so the file is never read while a `label` rewrites it: a rewrite in
    /// progress is waited for, and `waiting` (if given) is told the path first.
    /// `stopped` is asked while waiting (every 50 ms): when it says so, the read fails with
    /// ``RecordingError/Kind/interrupted`` (a stop signal arrived; the signal may be
    /// delivered to any thread, so the waiting one cannot count on being interrupted itself).
    case shared(waiting: ((String) -> Void)?, stopped: () -> Bool = { false })
    /// No lock: the caller holds an exclusive ``FileLock`` on the file already (a
    /// read-modify-write; a second lock from the same process would wait for itself), or
    /// only peeks at the first lines (``RecordingLocator`` telling layouts apart).
    case unlocked

    /// A shared lock, waiting silently.
    package static var standard: ReadLocking { .shared(waiting: nil) }
}
