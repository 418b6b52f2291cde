/// Whether a device is a touchscreen, a touchpad or something else.
package enum DeviceKind: String, Hashable, Sendable, CaseIterable, Codable {
    /// Direct touch: coordinates map onto the screen (`INPUT_PROP_DIRECT`).
    case touchscreen
    /// Indirect touch driving a pointer (`INPUT_PROP_POINTER`, clickpads, finger tool keys).
    case touchpad
    /// Not a touch device TouchTape can replay (``DeviceClassification/nonTouchReason`` says why).
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
    /// No touch axes TouchTape reads: none at all, or a device that is no touch surface
    /// (a pen, a mouse: ``DeviceClassification/nonTouchReason``).
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

/// Why a device is not a touchscreen or touchpad TouchTape replays: the condition it fails,
/// in the kernel's names (docs/recording-formats.md, "Which devices are touch devices").
package enum NonTouchReason: Hashable, Sendable {
    /// `BTN_TOOL_PEN` or `BTN_STYLUS` (which of them it has): a pen, whose `ABS_X`/`ABS_Y`
    /// and `BTN_TOUCH` are its tip's. udev's `input_id` calls it a tablet before anything else.
    case pen(toolPen: Bool, stylus: Bool)
    /// Relative pointer axes `REL_X`/`REL_Y` with a mouse button, and no touch surface declared
    /// (no `INPUT_PROP_DIRECT`, `INPUT_PROP_POINTER` or `INPUT_PROP_BUTTONPAD`, no finger tool
    /// key, no multitouch position axes with `BTN_TOUCH`): a mouse, whatever else it has.
    case mouse(alsoHas: MouseTouchAxes, fakeMultitouch: Bool)
    /// Neither multitouch position axes nor `ABS_X`/`ABS_Y` with `BTN_TOUCH`.
    case noTouchAxes(fakeMultitouch: Bool)

    /// The touch-like axes a mouse has beside its relative pointer axes.
    package enum MouseTouchAxes: Hashable, Sendable {
        /// None: a plain mouse.
        case none
        /// `ABS_MT_POSITION_X`/`Y` without `BTN_TOUCH`: fingers on the mouse's shell (a touch
        /// mouse such as Apple's Magic Mouse), which move no pointer and touch no screen.
        case multitouch
        /// `ABS_X`/`ABS_Y` with `BTN_TOUCH`, no finger tool key and no `INPUT_PROP_DIRECT`:
        /// udev's `input_id` calls absolute axes beside mouse buttons a mouse before it looks
        /// at `BTN_TOUCH` (a keyboard cover's combined pointer node).
        case absolute
    }

    /// The condition that failed, said once for every place that refuses or warns (the
    /// `noTouchDevice` error, `record`'s and `live`'s warnings, `touchtape devices`).
    package var condition: String {
        switch self {
        case .pen(let toolPen, let stylus):
            let codes = [toolPen ? "BTN_TOOL_PEN" : nil, stylus ? "BTN_STYLUS" : nil].compactMap { $0 }
            return "a pen (\(codes.joined(separator: ", "))): its ABS_X/ABS_Y and BTN_TOUCH follow the pen tip, not a finger"
        case .mouse(let axes, let fakeMultitouch):
            let what: String
            switch axes {
            case .none:
                what = "relative pointer axes REL_X/REL_Y with mouse buttons and no touch axes: a mouse"
            case .multitouch:
                what = "relative pointer axes REL_X/REL_Y with mouse buttons and no BTN_TOUCH: a touch mouse"
                    + " (its ABS_MT_POSITION_X/Y follow fingers on the mouse, not on a touch surface)"
            case .absolute:
                what = "relative pointer axes REL_X/REL_Y with mouse buttons, and ABS_X/ABS_Y with no BTN_TOOL_FINGER"
                    + " and no INPUT_PROP_DIRECT: a mouse (udev input_id takes absolute axes beside mouse buttons for a mouse,"
                    + " with or without BTN_TOUCH)"
            }
            return what + (fakeMultitouch ? "; " + Self.fakeMultitouchText : "")
        case .noTouchAxes(let fakeMultitouch):
            return fakeMultitouch
                ? "no ABS_X/ABS_Y with BTN_TOUCH, and " + Self.fakeMultitouchText
                : "no ABS_MT_POSITION_X/Y and no ABS_X/ABS_Y with BTN_TOUCH"
        }
    }

    /// `"NAME" is not a touchscreen or touchpad (CONDITION)`: the name made terminal-safe,
    /// for `record`'s and `live`'s warnings.
    package func sentence(deviceName: String) -> String {
        "\"\(TextExcerpt.terminalSafe(deviceName))\" is not a touchscreen or touchpad (\(condition))"
    }

    private static let fakeMultitouchText =
        "its ABS_MT_* codes are not multitouch axes (ABS_MT_SLOT beside ABS_RESERVED marks a device given every absolute code)"
}

/// The classification of a device description, by the rules udev's `input_id`
/// builtin, libevdev and libinput use: properties first, then the codes a device supports.
/// A device that is not a touch surface gets kind ``DeviceKind/other``, protocol
/// ``TouchProtocol/none`` (its axes are not contacts TouchTape reads) and the reason.
package struct DeviceClassification: Hashable, Sendable {
    /// Touchscreen, touchpad or other.
    package var kind: DeviceKind
    /// The multitouch protocol: A, B (with slots) or single touch.
    package var touchProtocol: TouchProtocol
    /// Fingers the device can signal through `BTN_TOOL_*` keys (0 when it has none).
    package var toolFingerCapacity: Int
    /// `INPUT_PROP_SEMI_MT`: only a bounding box of the touches is reported.
    package var isSemiMultitouch: Bool
    /// Why the device is not a touch surface (kind ``DeviceKind/other``); `nil` for a
    /// touchscreen or touchpad.
    package var nonTouchReason: NonTouchReason?

    /// A value from its parts.
    package init(kind: DeviceKind, touchProtocol: TouchProtocol, toolFingerCapacity: Int, isSemiMultitouch: Bool,
                 nonTouchReason: NonTouchReason? = nil) {
        self.kind = kind
        self.touchProtocol = touchProtocol
        self.toolFingerCapacity = toolFingerCapacity
        self.isSemiMultitouch = isSemiMultitouch
        self.nonTouchReason = nonTouchReason
    }

    /// The classification of a description.
    package init(_ d: DeviceDescription) {
        typealias C = EventCodes
        let hasAbs = { d.supports(type: .abs, code: $0) }, hasKey = { d.supports(type: .key, code: $0) }
        // libevdev and libinput: ABS_MT_SLOT with ABS_RESERVED (the code before it) is a device
        // given every absolute code (a HID device with many axes), not a multitouch one.
        let isFakeMultitouch = hasAbs(C.ABS_MT_SLOT) && hasAbs(C.ABS_RESERVED)
        let hasMTPosition = !isFakeMultitouch && hasAbs(C.ABS_MT_POSITION_X) && hasAbs(C.ABS_MT_POSITION_Y)
        let hasSTPosition = hasAbs(C.ABS_X) && hasAbs(C.ABS_Y)
        let hasTouchKey = hasKey(C.BTN_TOUCH)
        var touchProtocol: TouchProtocol
        if hasMTPosition && hasAbs(C.ABS_MT_SLOT) {
            let info = d.absInfo[C.ABS_MT_SLOT]
            let slots = info.map { Int($0.maximum) - Int($0.minimum) + 1 } ?? 1
            touchProtocol = .multitouchB(slots: max(1, slots))
        } else if hasMTPosition {
            touchProtocol = .multitouchA
        } else if hasSTPosition && hasTouchKey {
            touchProtocol = .singleTouch
        } else {
            touchProtocol = .none
        }
        toolFingerCapacity = C.fingerCountByToolKey
            .filter { hasKey($0.key) }
            .map(\.value).max() ?? 0
        isSemiMultitouch = d.hasProperty(InputProperty.semiMT)

        // In udev's order: a pen first, then a mouse (relative axes and a mouse button) that
        // declares no touch surface, then a device with no touch axes at all.
        let isDirect = d.hasProperty(InputProperty.direct)
        let declaresTouchSurface = isDirect || d.hasProperty(InputProperty.pointer) || d.hasProperty(InputProperty.buttonpad)
            || toolFingerCapacity > 0 || (hasMTPosition && hasTouchKey)
        let isRelativePointer = d.supports(type: .rel, code: C.REL_X) && d.supports(type: .rel, code: C.REL_Y)
        let hasMouseButton = C.mouseButtons.contains { hasKey($0) }
        if hasKey(C.BTN_TOOL_PEN) || hasKey(C.BTN_STYLUS) {
            nonTouchReason = .pen(toolPen: hasKey(C.BTN_TOOL_PEN), stylus: hasKey(C.BTN_STYLUS))
        } else if isRelativePointer && hasMouseButton && !declaresTouchSurface {
            let axes: NonTouchReason.MouseTouchAxes = hasMTPosition ? .multitouch : touchProtocol == .singleTouch ? .absolute : .none
            nonTouchReason = .mouse(alsoHas: axes, fakeMultitouch: isFakeMultitouch)
        } else if touchProtocol == .none {
            nonTouchReason = .noTouchAxes(fakeMultitouch: isFakeMultitouch)
        } else {
            nonTouchReason = nil
        }

        if nonTouchReason != nil {
            kind = .other
            touchProtocol = .none
        } else if isDirect {
            kind = .touchscreen
        } else if d.hasProperty(InputProperty.pointer) || d.hasProperty(InputProperty.buttonpad) {
            kind = .touchpad
        } else if hasKey(C.BTN_TOOL_FINGER) {
            // No properties (old kernels, format-1.0 descriptions): udev's rule is that a
            // finger tool key on an absolute device without DIRECT means a touchpad.
            kind = .touchpad
        } else {
            // BTN_TOUCH, or multitouch positions alone (protocol A devices without the key).
            kind = .touchscreen
        }
        self.touchProtocol = touchProtocol
    }
}
