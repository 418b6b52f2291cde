/// What a recording or a live device says about itself: identity, properties,
/// supported codes and axis ranges. Both recording formats and libevdev map onto
/// this one value, so a description survives evemu ⇄ libinput conversion intact.
package struct DeviceDescription: Hashable, Sendable {
    /// The device's name.
    package var name: String
    /// Its identity.
    package var id: InputID
    /// `INPUT_PROP_*` numbers set on the device (unknown numbers kept).
    package var properties: Set<UInt16>
    /// Supported codes per event type. A type is supported when it has at least one
    /// code here; empty sets are never stored (see ``setCodes(_:for:)``).
    package private(set) var codes: [UInt16: Set<UInt16>]
    /// Axis ranges per `EV_ABS` code.
    package var absInfo: [UInt16: AbsInfo]
    /// Non-zero LED states at recording time (evemu `L:` lines).
    package var ledStates: [UInt16: Int32]
    /// Non-zero switch states at recording time (evemu `S:` lines).
    package var switchStates: [UInt16: Int32]
    /// libinput's quirks for the device as recorded (`Name=value`, `quirks:` in a libinput
    /// record; `AttrSizeHint=276x155` gives a size to a device reporting resolution 0).
    package var quirks: [String] = []
    /// The udev properties recorded with the device that libinput reads (`KEY=value`:
    /// `ID_INPUT*`, `LIBINPUT*`, `EVDEV_ABS_*`, `MOUSE_DPI`, `POINTINGSTICK_*`; `udev:
    /// properties:` in a libinput record, `# Udev:` lines in evemu files TouchTape writes).
    /// An `EVDEV_ABS_*` axis fix gives a resolution-0 device its resolution on replay.
    package var udevProperties: [String] = []

    /// The axes a frame's positions are read from: ABS_MT_POSITION_X/Y when the device
    /// has both, else ABS_X/ABS_Y.
    package var positionAxes: (x: UInt16, y: UInt16) {
        let mt = absInfo[EventCodes.ABS_MT_POSITION_X] != nil && absInfo[EventCodes.ABS_MT_POSITION_Y] != nil
        return mt ? (EventCodes.ABS_MT_POSITION_X, EventCodes.ABS_MT_POSITION_Y) : (EventCodes.ABS_X, EventCodes.ABS_Y)
    }

    /// A value from its parts.
    package init(
        name: String,
        id: InputID,
        properties: Set<UInt16> = [],
        codes: [UInt16: Set<UInt16>] = [:],
        absInfo: [UInt16: AbsInfo] = [:],
        ledStates: [UInt16: Int32] = [:],
        switchStates: [UInt16: Int32] = [:]
    ) {
        self.name = name
        self.id = id
        self.properties = properties
        self.codes = codes.filter { !$0.value.isEmpty }
        self.absInfo = absInfo
        // A state of 0 is the default: both formats list only what is on, so a zero read
        // from a file (`L: 01 0`, found by `tools/fuzz evemu-split`) would not read back.
        self.ledStates = ledStates.filter { $0.value != 0 }
        self.switchStates = switchStates.filter { $0.value != 0 }
    }

    /// Replaces the supported codes of one type; an empty set removes the type.
    package mutating func setCodes(_ newCodes: Set<UInt16>, for type: UInt16) {
        codes[type] = newCodes.isEmpty ? nil : newCodes
    }

    /// Adds one supported code.
    package mutating func enable(type: UInt16, code: UInt16) {
        codes[type, default: []].insert(code)
    }

    /// The event types with at least one supported code, ascending.
    package var supportedTypes: [UInt16] { codes.keys.sorted() }

    /// Whether the device declares this event type and code.
    package func supports(type: UInt16, code: UInt16) -> Bool {
        codes[type]?.contains(code) ?? false
    }

    /// Whether the device declares this event type and code.
    package func supports(type: EventType, code: UInt16) -> Bool {
        supports(type: type.rawValue, code: code)
    }

    /// Whether the device declares this input property.
    package func hasProperty(_ property: UInt16) -> Bool { properties.contains(property) }

    /// Kind, protocol and finger capacity, derived from the description.
    package var classification: DeviceClassification { DeviceClassification(self) }
}
