/// Whether a device is a touchscreen, a touchpad or something else.
package enum DeviceKind: String, Hashable, Sendable, CaseIterable, Codable {
    /// Direct touch: coordinates map onto the screen (`INPUT_PROP_DIRECT`).
    case touchscreen
    /// Indirect touch driving a pointer (`INPUT_PROP_POINTER`, clickpads, finger tool keys).
    case touchpad
    /// Not a touch device TouchTape can replay.
    case other
}

/// How the device reports contacts.
package enum TouchProtocol: Hashable, Sendable, Codable {
    /// Multitouch protocol B: slots (`ABS_MT_SLOT`) with tracking ids.
    case multitouchB(slots: Int)
    /// Multitouch protocol A: anonymous contacts separated by `SYN_MT_REPORT`.
    case multitouchA
    /// Only `ABS_X`/`ABS_Y` and `BTN_TOUCH`: one contact.
    case singleTouch
    /// No touch axes at all.
    case none

    /// Short name for reports: `B`, `A`, `single-touch`, `none`.
    package var name: String {
        switch self {
        case .multitouchB: return "B"
        case .multitouchA: return "A"
        case .singleTouch: return "single-touch"
        case .none: return "none"
        }
    }
}

/// The classification of a device description, by the rules udev's `input_id`
/// builtin and libinput use: properties first, then the codes a device supports.
package struct DeviceClassification: Hashable, Sendable {
    /// What kind of failure or lock it is.
    package var kind: DeviceKind
    /// The multitouch protocol: A, B (with slots) or single touch.
    package var touchProtocol: TouchProtocol
    /// Fingers the device can signal through `BTN_TOOL_*` keys (0 when it has none).
    package var toolFingerCapacity: Int
    /// `INPUT_PROP_SEMI_MT`: only a bounding box of the touches is reported.
    package var isSemiMultitouch: Bool

    /// A value from its parts.
    package init(kind: DeviceKind, touchProtocol: TouchProtocol, toolFingerCapacity: Int, isSemiMultitouch: Bool) {
        self.kind = kind
        self.touchProtocol = touchProtocol
        self.toolFingerCapacity = toolFingerCapacity
        self.isSemiMultitouch = isSemiMultitouch
    }

    /// A value from its parts.
    package init(_ d: DeviceDescription) {
        typealias C = EventCodes
        let abs = EventType.abs.rawValue, key = EventType.key.rawValue
        let hasMTPosition = d.supports(type: abs, code: C.ABS_MT_POSITION_X) && d.supports(type: abs, code: C.ABS_MT_POSITION_Y)
        let hasSTPosition = d.supports(type: abs, code: C.ABS_X) && d.supports(type: abs, code: C.ABS_Y)
        if hasMTPosition && d.supports(type: abs, code: C.ABS_MT_SLOT) {
            let info = d.absInfo[C.ABS_MT_SLOT]
            let slots = info.map { Int($0.maximum) - Int($0.minimum) + 1 } ?? 1
            touchProtocol = .multitouchB(slots: max(1, slots))
        } else if hasMTPosition {
            touchProtocol = .multitouchA
        } else if hasSTPosition && d.supports(type: key, code: C.BTN_TOUCH) {
            touchProtocol = .singleTouch
        } else {
            touchProtocol = .none
        }
        toolFingerCapacity = C.fingerCountByToolKey
            .filter { d.supports(type: key, code: $0.key) }
            .map(\.value).max() ?? 0
        isSemiMultitouch = d.hasProperty(InputProperty.semiMT)

        let isPen = d.supports(type: key, code: C.BTN_TOOL_PEN) || d.supports(type: key, code: C.BTN_STYLUS)
        if touchProtocol == .none || isPen {
            kind = .other
        } else if d.hasProperty(InputProperty.direct) {
            kind = .touchscreen
        } else if d.hasProperty(InputProperty.pointer) || d.hasProperty(InputProperty.buttonpad) {
            kind = .touchpad
        } else if d.supports(type: key, code: C.BTN_TOOL_FINGER) {
            // No properties (old kernels, format-1.0 descriptions): udev's rule is that a
            // finger tool key on an absolute device without DIRECT means a touchpad.
            kind = .touchpad
        } else if d.supports(type: key, code: C.BTN_TOUCH) || hasMTPosition {
            kind = .touchscreen
        } else {
            kind = .other
        }
    }
}
