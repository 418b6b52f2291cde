import TouchTapeContract
@_spi(Pipeline) import TouchTapeEvents

/// What to assume when a device reports resolution 0 ("unknown") for its position axes.
///
/// Millimetres matter downstream (slop, velocity, points), so an unknown resolution
/// must become *some* number; this makes the guess explicit, overridable and visible
/// in reports. Both cases use one value for both axes so shapes are kept.
package enum ResolutionFallback: Hashable, Sendable {
    /// The longer axis (by device-unit range) spans this many millimetres; units/mm =
    /// longer range ÷ millimetres. 100 mm (``standard``) sits between a laptop touchpad
    /// (≈ 100 × 60 mm) and a phone screen (≈ 70 × 150 mm).
    case longerAxis(millimetres: Double)
    /// An explicit number of device units per millimetre.
    case unitsPerMillimetre(Double)

    /// The longer axis spans 100 mm.
    package static let standard = ResolutionFallback.longerAxis(millimetres: standardLongerAxisMillimetres)
    /// The longer axis assumed by default, in millimetres.
    package static let standardLongerAxisMillimetres = 100.0

    /// The longer axis's span that makes sense: 1 mm to 10 000 mm (a 10 m wall).
    package static let millimetreRange: ClosedRange<Double> = 1...10_000
    /// Device units per millimetre that make sense: 0.001 to 1 000 000 (real devices: 1 to 100).
    package static let unitsPerMillimetreRange: ClosedRange<Double> = 0.001...1_000_000

    /// The fallback unchanged, or why it is outside ``millimetreRange`` /
    /// ``unitsPerMillimetreRange`` (conversions and report text stay finite inside them).
    package func validated() throws(SettingError) -> ResolutionFallback {
        switch self {
        case .longerAxis(let millimetres):
            guard Self.millimetreRange.contains(millimetres) else {
                throw SettingError(setting: "resolution fallback", value: "\(millimetres)mm",
                                              hint: "the longer axis must span 1…10000 mm, e.g. 100mm")
            }
        case .unitsPerMillimetre(let units):
            guard Self.unitsPerMillimetreRange.contains(units) else {
                throw SettingError(setting: "resolution fallback", value: "\(units)/mm",
                                              hint: "give 0.001…1000000 device units per millimetre, e.g. 7.68/mm")
            }
        }
        return self
    }

    /// Parses a command-line value: `"100mm"` → ``longerAxis(millimetres:)``, `"7.68/mm"`
    /// → ``unitsPerMillimetre(_:)``. The unit is required (a bare `100` could mean either);
    /// the number is a plain decimal (``DecimalText/parse(_:)``); non-positive numbers are rejected.
    package init?(_ text: String) {
        var body = Substring(text.lowercased())
        let isLength = body.hasSuffix("mm") && !body.hasSuffix("/mm")
        if isLength { body = body.dropLast(2) } else if body.hasSuffix("/mm") { body = body.dropLast(3) } else { return nil }
        guard let value = DecimalText.parse(body), value > 0, value.isFinite else { return nil }
        self = isLength ? .longerAxis(millimetres: value) : .unitsPerMillimetre(value)
    }
}
