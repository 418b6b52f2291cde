@_spi(Pipeline) import TouchTapeEvents

/// The text `touchtape devices` prints: one block per node, with kind, protocol, axes
/// and whether this user may open it. Pure, so it is tested without devices.
package enum DeviceListText {
    /// Axes worth showing: positions and the slot/tracking axes, in code order.
    package static let shownAxes: [UInt16] = [
        EventCodes.ABS_X, EventCodes.ABS_Y, EventCodes.ABS_PRESSURE, EventCodes.ABS_MT_SLOT,
        EventCodes.ABS_MT_POSITION_X, EventCodes.ABS_MT_POSITION_Y, EventCodes.ABS_MT_TRACKING_ID,
        EventCodes.ABS_MT_PRESSURE,
    ]

    /// What to print when there are no nodes at all; says why in plain words.
    package static func noDevices(directory: String, directoryExists: Bool) -> String {
        directoryExists
            ? "No input devices found: \(directory) holds no event nodes.\n"
            : "No input devices found: \(directory) does not exist on this machine (no evdev devices, e.g. a container or VM without input).\n"
    }

    package static func render(_ listings: [DeviceListing]) -> String {
        listings.map(render).joined()
    }

    package static func render(_ listing: DeviceListing) -> String {
        switch listing.result {
        case .failure(let error):
            var text = "\(listing.path)  (cannot open: \(error.message))\n"
            if !error.hint.isEmpty { text += "    hint: \(error.hint)\n" }
            return text
        case .success(let d):
            let c = d.classification
            var text = "\(TextExcerpt.terminalSafe(listing.path))  \"\(TextExcerpt.terminalSafe(d.name))\"\n"
            text += "    kind: \(c.kind.rawValue), protocol: \(protocolText(c.touchProtocol))"
            if c.toolFingerCapacity > 0 { text += ", finger tool keys up to \(c.toolFingerCapacity)" }
            if c.isSemiMultitouch { text += ", semi-mt" }
            if let reason = c.nonTouchReason { text += "\n    not a touch device: \(reason.condition)" }
            text += "\n    id: bus \(d.id.busName) vendor 0x\(hex(d.id.vendor)) product 0x\(hex(d.id.product))\n"
            let axes = axisLines(d)
            if !axes.isEmpty { text += "    axes: " + axes.joined(separator: "\n          ") + "\n" }
            text += "    access: readable\n"
            return text
        }
    }

    package static func protocolText(_ p: TouchProtocol) -> String {
        switch p {
        case .multitouchB(let slots): return "multitouch B (\(slots) slots)"
        case .multitouchA: return "multitouch A"
        case .singleTouch: return "single-touch"
        case .none: return "none"
        }
    }

    /// `ABS_MT_POSITION_X 0..1919, 10 units/mm (191.9 mm)`; no resolution → `resolution unknown`.
    package static func axisLines(_ d: DeviceDescription) -> [String] {
        shownAxes.compactMap { code -> String? in
            guard d.supports(type: .abs, code: code), let info = d.absInfo[code] else { return nil }
            let name = EventCodes.codeName(type: EventType.abs.rawValue, code: code)
            var line = "\(name) \(info.minimum)..\(info.maximum)"
            let isPosition = [EventCodes.ABS_X, EventCodes.ABS_Y, EventCodes.ABS_MT_POSITION_X, EventCodes.ABS_MT_POSITION_Y].contains(code)
            if isPosition {
                if let mm = info.lengthInMillimetres {
                    line += ", \(info.resolution) units/mm (\(oneDecimal(mm)) mm)"
                } else {
                    line += ", resolution unknown"
                }
            }
            return line
        }
    }

    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }

    static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
