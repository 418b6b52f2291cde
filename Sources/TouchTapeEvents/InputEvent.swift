/// One Linux `struct input_event`: time, type, code and value.
///
/// Type and code stay raw numbers so that codes this project has no name for are
/// carried through every stage unchanged; ``EventCodes`` gives names where known.
///
/// The initialisers and the `SYN_*` tests are `@inlinable`: every reader makes one per
/// line and every stage asks `isSynReport` of every event, and as calls across modules
/// they were about a tenth of reading a file (issue 26).
@_spi(Pipeline) public struct InputEvent: Hashable, Sendable, CustomStringConvertible {
    /// When the kernel stamped it.
    public var time: EventTime
    /// The event type (`EV_*`).
    public var type: UInt16
    /// The event code within its type (`ABS_MT_SLOT`, …).
    public var code: UInt16
    /// The value (a position, a tracking id, a key state).
    public var value: Int32

    /// A value from its parts.
    @inlinable public init(time: EventTime, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    /// A value from its parts.
    @inlinable public init(time: EventTime, type: EventType, code: UInt16, value: Int32) {
        self.init(time: time, type: type.rawValue, code: code, value: value)
    }

    /// The type as an ``EventType``.
    public var eventType: EventType { EventType(rawValue: type) }

    /// `EV_SYN / SYN_REPORT`: the end of one hardware frame.
    @inlinable public var isSynReport: Bool { type == EventType.syn.rawValue && code == EventCodes.SYN_REPORT }
    /// `EV_SYN / SYN_MT_REPORT`: the end of one anonymous contact (protocol A).
    @inlinable public var isSynMTReport: Bool { type == EventType.syn.rawValue && code == EventCodes.SYN_MT_REPORT }
    /// `EV_SYN / SYN_DROPPED`: the kernel's buffer overflowed; state is unknown until resync.
    @inlinable public var isSynDropped: Bool { type == EventType.syn.rawValue && code == EventCodes.SYN_DROPPED }

    /// Symbolic form, e.g. `0.000001 EV_ABS ABS_MT_POSITION_X 1330`.
    public var description: String {
        "\(time) \(EventCodes.typeName(type)) \(EventCodes.codeName(type: type, code: code)) \(value)"
    }
}
