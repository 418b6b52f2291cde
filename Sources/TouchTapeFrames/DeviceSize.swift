@_spi(Pipeline) import TouchTapeEvents

/// A touch surface's physical size in millimetres, and where it was learnt.
///
/// A device that reports resolution 0 has no size of its own; its real size can still be
/// known: libinput's quirks (`AttrSizeHint=WxH` in mm, `AttrResolutionHint=XxY` in units
/// per mm, `/usr/share/libinput/*.quirks`), which `libinput record` stores with the device,
/// or the user's `--device-size WxHmm`. ``MillimetreConversion`` takes the size from, in
/// order: `--device-size`, the reported resolution, the recording's stored quirks, then the
/// resolution fallback, and says which.
package struct DeviceSize: Hashable, Sendable {
    /// Width (x axis) in millimetres.
    package var width: Double
    /// Height (y axis) in millimetres.
    package var height: Double

    /// A size from its parts.
    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Sizes that make sense: 1 to 10 000 mm a side.
    package static let millimetreRange: ClosedRange<Double> = 1...10_000

    /// `276x155mm` (also `276x155`, `276.5X155.2mm`), or `nil`.
    package init?(_ text: String) {
        var body = Substring(text.lowercased())
        if body.hasSuffix("mm") { body = body.dropLast(2) }
        let parts = body.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = DecimalText.parse(String(parts[0])), let h = DecimalText.parse(String(parts[1])),
              Self.millimetreRange.contains(w), Self.millimetreRange.contains(h) else { return nil }
        self.init(width: w, height: h)
    }

    /// `276x155mm`, as `--device-size` takes it back.
    package var argument: String { "\(DecimalText.shortest(width))x\(DecimalText.shortest(height))mm" }
}

/// What a device's libinput quirks say of its size (`quirks:` in a libinput record, `#
/// Quirk:` lines in evemu files TouchTape writes).
package enum QuirkSize: Hashable, Sendable {
    /// `AttrSizeHint=WxH`: the surface's size in millimetres.
    case size(DeviceSize, quirk: String)
    /// `AttrResolutionHint=XxY`: device units per millimetre on each axis.
    case resolution(x: Double, y: Double, quirk: String)

    /// The first size quirk among `quirks` (`Name=value` lines); a resolution hint wins over
    /// a size hint as libinput's own order does (`evdev_fix_abs_resolution` before the size).
    package static func from(_ quirks: [String]) -> QuirkSize? {
        func pair(_ value: Substring) -> (Double, Double)? {
            let parts = value.split(separator: "x")
            guard parts.count == 2, let a = DecimalText.parse(String(parts[0])), let b = DecimalText.parse(String(parts[1])),
                  a > 0, b > 0, a.isFinite, b.isFinite else { return nil }
            return (a, b)
        }
        var size: QuirkSize?
        for quirk in quirks {
            guard let eq = quirk.firstIndex(of: "=") else { continue }
            let name = String(quirk[..<eq].filter { $0 != " " }), value = quirk[quirk.index(after: eq)...]
            if name == "AttrResolutionHint", let (x, y) = pair(value) { return .resolution(x: x, y: y, quirk: quirk) }
            if name == "AttrSizeHint", size == nil, let (w, h) = pair(value),
               DeviceSize.millimetreRange.contains(w), DeviceSize.millimetreRange.contains(h) {
                size = .size(DeviceSize(width: w, height: h), quirk: quirk)
            }
        }
        return size
    }
}
