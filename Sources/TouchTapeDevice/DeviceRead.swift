@_spi(Pipeline) import TouchTapeEvents

/// What one ``EvdevDevice/read(timeoutMilliseconds:stop:)`` call returns.
package enum DeviceRead: Sendable {
    /// Events in kernel order (never empty).
    case events([InputEvent])
    /// Nothing arrived within the timeout.
    case timeout
    /// A watched descriptor (see ``EvdevDevice/read(timeoutMilliseconds:stop:watching:)``) is readable.
    case readable(Int32)
    /// A stop signal (`SIGINT`, `SIGTERM`) arrived.
    case stopped(signal: Int32)
}
