/// An event type (`EV_*`). A struct over the raw number, not an enum, so unknown
/// types survive: a recording may hold types this project never names. The named types
/// are inlinable computed constants (a `static let` is an accessor call from another
/// module, made for every event, issue 26).
@_spi(Pipeline) public struct EventType: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The kernel's `EV_*` number.
    public var rawValue: UInt16
    /// A value from its parts.
    @inlinable public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `EV_SYN` (0x00).
    @inlinable public static var syn: EventType { EventType(rawValue: 0x00) }
    /// `EV_KEY` (0x01).
    @inlinable public static var key: EventType { EventType(rawValue: 0x01) }
    /// `EV_REL` (0x02).
    @inlinable public static var rel: EventType { EventType(rawValue: 0x02) }
    /// `EV_ABS` (0x03).
    @inlinable public static var abs: EventType { EventType(rawValue: 0x03) }
    /// `EV_MSC` (0x04).
    @inlinable public static var msc: EventType { EventType(rawValue: 0x04) }
    /// `EV_SW` (0x05).
    @inlinable public static var sw: EventType { EventType(rawValue: 0x05) }
    /// `EV_LED` (0x11).
    @inlinable public static var led: EventType { EventType(rawValue: 0x11) }
    /// `EV_SND` (0x12).
    @inlinable public static var snd: EventType { EventType(rawValue: 0x12) }
    /// `EV_REP` (0x14).
    @inlinable public static var rep: EventType { EventType(rawValue: 0x14) }
    /// `EV_FF` (0x15).
    @inlinable public static var ff: EventType { EventType(rawValue: 0x15) }
    /// `EV_PWR` (0x16).
    @inlinable public static var pwr: EventType { EventType(rawValue: 0x16) }
    /// `EV_FF_STATUS` (0x17).
    @inlinable public static var ffStatus: EventType { EventType(rawValue: 0x17) }
    /// `EV_MAX`: the highest type number the kernel defines.
    @inlinable public static var max: EventType { EventType(rawValue: 0x1f) }

    /// The highest code number of each type (`*_MAX` in input-event-codes.h).
    /// Bitmasks are sized from this: `(maxCode + 1 + 7) / 8` bytes.
    public var maxCode: UInt16 {
        switch rawValue {
        case 0x00: return 0x0f   // SYN_MAX
        case 0x01: return 0x2ff  // KEY_MAX
        case 0x02: return 0x0f   // REL_MAX
        case 0x03: return 0x3f   // ABS_MAX
        case 0x04: return 0x07   // MSC_MAX
        case 0x05: return 0x11   // SW_MAX
        case 0x11: return 0x0f   // LED_MAX
        case 0x12: return 0x07   // SND_MAX
        case 0x14: return 0x01   // REP_MAX
        case 0x15: return 0x7f   // FF_MAX
        default: return 0
        }
    }

    /// Orders by value.
    public static func < (lhs: EventType, rhs: EventType) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The text messages and reports print.
    public var description: String { EventCodes.typeName(rawValue) }
}
