@_spi(Pipeline) import TouchTapeEvents

/// An arbitrary device and event stream decoded from fuzzer bytes, for the frame
/// assembler target.
///
/// Layout (little endian): a 6-byte header — device shape (byte mod 5: protocol B
/// touchscreen, protocol B 2-slot touchpad with tool keys, protocol A with `BTN_TOUCH`,
/// bare protocol A, single touch), X maximum (UInt16), Y maximum (UInt16), resolution
/// (UInt8, 0 = none) — then 7-byte events: time step in ms (UInt8), type selector,
/// code selector, value (Int32). The selectors favour the codes the assembler reads
/// (`ABS_*` below 0x40, tool keys and `BTN_TOUCH`, every `SYN_*`) so mutations reach
/// its branches; selector 7 passes any type through unchanged. Trailing bytes shorter
/// than an event are ignored.
package struct FuzzEventStream: Sendable {
    package static let headerSize = 6
    package static let eventSize = 7

    package var description: DeviceDescription
    package var events: [InputEvent]

    package init(_ bytes: UnsafeRawBufferPointer) {
        func u8(_ i: Int) -> UInt8 { i < bytes.count ? bytes[i] : 0 }
        func u16(_ i: Int) -> UInt16 { UInt16(u8(i)) | UInt16(u8(i + 1)) << 8 }
        description = Self.device(shape: Int(u8(0) % 5), xMax: Int32(u16(1)), yMax: Int32(u16(3)), resolution: Int32(u8(5)))
        var events: [InputEvent] = []
        var microseconds: UInt64 = 1_000_000
        var i = Self.headerSize
        while i + Self.eventSize <= bytes.count {
            microseconds += UInt64(u8(i)) * 1000
            let (type, code) = Self.decode(type: u8(i + 1), code: u8(i + 2))
            let value = Int32(bitPattern: UInt32(u16(i + 3)) | UInt32(u16(i + 5)) << 16)
            events.append(InputEvent(time: EventTime(totalMicroseconds: microseconds), type: type, code: code, value: value))
            i += Self.eventSize
        }
        self.events = events
    }

    /// The bytes that decode to `events` on the device shape nearest `description`
    /// (seeds from real recordings; codes outside the selectors' reach are dropped).
    package static func encode(events: [InputEvent], like description: DeviceDescription) -> [UInt8] {
        let c = description.classification
        let shape: UInt8
        switch (c.touchProtocol, c.kind) {
        case (.multitouchB, .touchpad): shape = 1
        case (.multitouchB, _): shape = 0
        case (.multitouchA, _): shape = description.supports(type: .key, code: EventCodes.BTN_TOUCH) ? 2 : 3
        default: shape = 4
        }
        let x = description.absInfo[EventCodes.ABS_MT_POSITION_X] ?? description.absInfo[EventCodes.ABS_X]
        let y = description.absInfo[EventCodes.ABS_MT_POSITION_Y] ?? description.absInfo[EventCodes.ABS_Y]
        func clamp16(_ v: Int32?) -> UInt16 { UInt16(clamping: v ?? 1000) }
        var bytes: [UInt8] = [shape]
        for v in [clamp16(x?.maximum), clamp16(y?.maximum)] { bytes += [UInt8(v & 0xff), UInt8(v >> 8)] }
        bytes.append(UInt8(clamping: x?.resolution ?? 0))
        var last = events.first?.time ?? .zero
        for event in events {
            guard let (typeByte, codeByte) = selectors(type: event.type, code: event.code) else { continue }
            let step = UInt8(clamping: event.time.microseconds(since: last) / 1000)
            last = event.time
            let v = UInt32(bitPattern: event.value)
            bytes += [step, typeByte, codeByte, UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24)]
        }
        return bytes
    }

    private static func decode(type: UInt8, code: UInt8) -> (UInt16, UInt16) {
        switch type % 8 {
        case 0, 5: return (EventType.syn.rawValue, UInt16(code & 0x0f))
        case 1: return (EventType.key.rawValue, code < 0x80 ? 0x140 + UInt16(code & 0x0f) : UInt16(code) + 0x80)
        case 2, 3, 4: return (EventType.abs.rawValue, UInt16(code & 0x3f))
        case 6: return (EventType.msc.rawValue, UInt16(code & 0x07))
        default: return (UInt16(type >> 3), UInt16(code))
        }
    }

    private static func selectors(type: UInt16, code: UInt16) -> (UInt8, UInt8)? {
        switch EventType(rawValue: type) {
        case .syn where code <= 0x0f: return (0, UInt8(code))
        case .key where (0x140...0x14f).contains(code): return (1, UInt8(code - 0x140))
        case .abs where code <= 0x3f: return (2, UInt8(code))
        case .msc where code <= 0x07: return (6, UInt8(code))
        default: return nil
        }
    }

    private static func device(shape: Int, xMax: Int32, yMax: Int32, resolution: Int32) -> DeviceDescription {
        typealias C = EventCodes
        let xInfo = AbsInfo(minimum: 0, maximum: xMax, resolution: resolution)
        let yInfo = AbsInfo(minimum: 0, maximum: yMax, resolution: resolution)
        var abs: [UInt16: AbsInfo] = [:]
        var keys: Set<UInt16> = [C.BTN_TOUCH]
        var properties: Set<UInt16> = [InputProperty.direct]
        switch shape {
        case 0, 1:
            abs = [C.ABS_X: xInfo, C.ABS_Y: yInfo, C.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: shape == 0 ? 9 : 1),
                   C.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
                   C.ABS_MT_POSITION_X: xInfo, C.ABS_MT_POSITION_Y: yInfo]
            if shape == 1 {
                properties = [InputProperty.pointer, InputProperty.buttonpad]
                keys.formUnion([C.BTN_LEFT, C.BTN_TOOL_FINGER, C.BTN_TOOL_DOUBLETAP, C.BTN_TOOL_TRIPLETAP])
            }
        case 2, 3:
            abs = [C.ABS_MT_TOUCH_MAJOR: AbsInfo(minimum: 0, maximum: 100), C.ABS_MT_POSITION_X: xInfo, C.ABS_MT_POSITION_Y: yInfo]
            if shape == 2 { keys.insert(C.BTN_TOOL_DOUBLETAP) } else { keys = [] }
        default:
            abs = [C.ABS_X: xInfo, C.ABS_Y: yInfo]
        }
        return DeviceDescription(
            name: "fuzz device \(shape)", id: InputID(bustype: 0x18, vendor: 1, product: 2, version: 3),
            properties: properties,
            codes: [EventType.syn.rawValue: [C.SYN_REPORT, C.SYN_DROPPED], EventType.abs.rawValue: Set(abs.keys),
                    EventType.key.rawValue: keys, EventType.msc.rawValue: [C.MSC_TIMESTAMP]],
            absInfo: abs)
    }
}
