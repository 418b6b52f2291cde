@_spi(Pipeline) import TouchTapeEvents

/// A model of what the Linux input core (drivers/input/input.c, 6.1) passes on to
/// evdev readers when events are written into a device, e.g. through uinput.
///
/// Why it exists: "what `play` wrote" and "what `record` read back" differ by design,
/// so a round-trip check must compare the read events with this model's output, not
/// with the written ones. The rules, from `input_get_disposition`,
/// `input_handle_abs_event`, `input_defuzz_abs_event` and `input_event_dispose`:
/// - events of a type or code the device does not declare are dropped;
/// - `EV_SYN`: `SYN_REPORT` ends a frame, `SYN_MT_REPORT` and `SYN_CONFIG` pass, every
///   other code (e.g. a recorded `SYN_DROPPED`) is ignored;
/// - a frame with nothing but its `SYN_REPORT` is dropped;
/// - `EV_ABS`: the value is first "defuzzed" against the current one when the axis
///   has fuzz; a value equal to the current one is dropped. Protocol-B MT values are
///   kept per slot; protocol-A MT values (no `ABS_MT_SLOT` axis) bypass the filter;
/// - `ABS_MT_SLOT` is only staged (out-of-range slots ignored) and is sent, just
///   before the first MT value that really changes in a slot other than the last sent;
/// - `EV_KEY`, `EV_SW`, `EV_LED`: dropped unless the pressed/on state changes
///   (key value 2, auto-repeat, always passes);
/// - `EV_REL`: zero values dropped; `EV_MSC` and others: passed;
/// - a frame longer than the device's value buffer is cut with an extra `SYN_REPORT`.
/// Not modelled: software auto-repeat (devices with `EV_REP` get value-2 key events
/// the kernel makes up), force feedback. Touch devices have neither.
///
/// The output events carry the time of the `SYN_REPORT` that flushed them, because
/// the kernel stamps a whole frame with one time.
package struct KernelInputFilter: Sendable {
    package let description: DeviceDescription
    /// Values one frame may hold before the kernel flushes early (`dev->max_vals`).
    package let maximumValuesPerFrame: Int
    private let slotCount: Int
    private var absValues: [UInt16: Int32] = [:]
    private var slotValues: [[UInt16: Int32]]
    private var stateOn: Set<UInt32> = []   // (type << 16 | code) of keys/switches/LEDs that are on
    private var stagedSlot = 0
    private var sentSlot = 0
    private var pending: [InputEvent] = []

    package init(description: DeviceDescription) {
        self.description = description
        let slotInfo = description.supports(type: .abs, code: EventCodes.ABS_MT_SLOT) ? description.absInfo[EventCodes.ABS_MT_SLOT] : nil
        slotCount = slotInfo.map { max(0, Int($0.maximum) + 1) } ?? 0
        // A new uinput device starts with every axis at 0 and every slot unused.
        slotValues = Array(repeating: [EventCodes.ABS_MT_TRACKING_ID: -1], count: slotCount)
        maximumValuesPerFrame = KernelInputFilter.estimateValuesPerFrame(description, slotCount: slotCount) + 2
    }

    /// Feeds one written event; returns the events that reach readers now (a whole
    /// frame at each `SYN_REPORT`, else nothing).
    package mutating func feed(_ event: InputEvent) -> [InputEvent] {
        let syn = EventType.syn.rawValue
        guard event.type == syn || description.supports(type: event.type, code: event.code) else { return [] }
        if event.type == syn {
            switch event.code {
            case EventCodes.SYN_REPORT:
                return flush(at: event.time)
            case EventCodes.SYN_MT_REPORT, EventCodes.SYN_CONFIG:
                return append(event, at: event.time)
            default:
                return []
            }
        }
        switch event.eventType {
        case .abs:
            return feedAbs(event)
        case .key:
            if event.value == 2 { return append(event, at: event.time) }
            return toggled(event) ? append(event, at: event.time) : []
        case .sw, .led:
            return toggled(event) ? append(event, at: event.time) : []
        case .rel:
            return event.value == 0 ? [] : append(event, at: event.time)
        default:
            return append(event, at: event.time)
        }
    }

    /// Runs a whole written stream through a fresh filter.
    package static func filter(_ events: some Sequence<InputEvent>, description: DeviceDescription) -> [InputEvent] {
        var model = KernelInputFilter(description: description)
        return events.flatMap { model.feed($0) }
    }

    private mutating func feedAbs(_ event: InputEvent) -> [InputEvent] {
        let code = event.code
        if code == EventCodes.ABS_MT_SLOT {
            if event.value >= 0 && Int(event.value) < slotCount { stagedSlot = Int(event.value) }
            return []
        }
        let isMT = code >= EventCodes.ABS_MT_TOUCH_MAJOR && code <= KernelInputFilter.lastMTCode
        let fuzz = description.absInfo[code]?.fuzz ?? 0
        var value = event.value
        if isMT && slotCount == 0 {
            return append(event, at: event.time)   // protocol A: no filtering
        }
        let old = isMT ? (slotValues[stagedSlot][code] ?? 0) : (absValues[code] ?? 0)
        value = KernelInputFilter.defuzz(value, old: old, fuzz: fuzz)
        if value == old { return [] }
        var out: [InputEvent] = []
        if isMT {
            slotValues[stagedSlot][code] = value
            if stagedSlot != sentSlot {
                sentSlot = stagedSlot
                out += append(InputEvent(time: event.time, type: .abs, code: EventCodes.ABS_MT_SLOT, value: Int32(stagedSlot)), at: event.time)
            }
        } else {
            absValues[code] = value
        }
        var passed = event
        passed.value = value
        return out + append(passed, at: event.time)
    }

    private mutating func toggled(_ event: InputEvent) -> Bool {
        let key = UInt32(event.type) << 16 | UInt32(event.code)
        let on = event.value != 0
        guard stateOn.contains(key) != on else { return false }
        if on { stateOn.insert(key) } else { stateOn.remove(key) }
        return true
    }

    /// Adds a value to the frame; if the frame buffer is full the kernel sends what
    /// it has with a `SYN_REPORT` of its own.
    private mutating func append(_ event: InputEvent, at time: EventTime) -> [InputEvent] {
        pending.append(event)
        if pending.count >= maximumValuesPerFrame - 2 {
            return flush(at: time)
        }
        return []
    }

    private mutating func flush(at time: EventTime) -> [InputEvent] {
        defer { pending.removeAll(keepingCapacity: true) }
        guard !pending.isEmpty else { return [] }
        return (pending + [InputEvent(time: time, type: .syn, code: EventCodes.SYN_REPORT, value: 0)])
            .map { InputEvent(time: time, type: $0.type, code: $0.code, value: $0.value) }
    }

    /// `ABS_MT_TOOL_Y`: the last code `input_is_mt_value` counts as per-slot.
    static let lastMTCode: UInt16 = 0x3d

    /// `input_defuzz_abs_event`: values close to the old one are pulled towards it.
    static func defuzz(_ value: Int32, old: Int32, fuzz: Int32) -> Int32 {
        guard fuzz != 0 else { return value }
        let v = Int64(value), o = Int64(old), f = Int64(fuzz)
        if v > o - f / 2 && v < o + f / 2 { return old }
        if v > o - f && v < o + f { return Int32(truncatingIfNeeded: (o * 3 + v) / 4) }
        if v > o - f * 2 && v < o + f * 2 { return Int32(truncatingIfNeeded: (o + v) / 2) }
        return value
    }

    /// `input_estimate_events_per_packet`, raised to 60 for slotless MT devices as
    /// uinput does (`uinput_create_device`); `max_vals` is this plus 2.
    static func estimateValuesPerFrame(_ d: DeviceDescription, slotCount: Int) -> Int {
        let absCodes = d.codes[EventType.abs.rawValue] ?? []
        var mtSlots: Int
        if slotCount > 0 {
            mtSlots = slotCount
        } else if absCodes.contains(EventCodes.ABS_MT_TRACKING_ID), let info = d.absInfo[EventCodes.ABS_MT_TRACKING_ID] {
            mtSlots = min(32, max(2, Int(info.maximum) - Int(info.minimum) + 1))
        } else if absCodes.contains(EventCodes.ABS_MT_POSITION_X) {
            mtSlots = 2
        } else {
            mtSlots = 0
        }
        var events = mtSlots + 1
        for code in absCodes {
            // `input_is_mt_axis`: ABS_MT_SLOT and every per-slot value count once per slot.
            let isMTAxis = code == EventCodes.ABS_MT_SLOT || (code >= EventCodes.ABS_MT_TOUCH_MAJOR && code <= lastMTCode)
            events += isMTAxis ? mtSlots : 1
        }
        events += d.codes[EventType.rel.rawValue]?.count ?? 0
        events += 7
        if slotCount == 0 && absCodes.contains(EventCodes.ABS_MT_POSITION_X) { events = max(events, 60) }
        return events
    }
}
