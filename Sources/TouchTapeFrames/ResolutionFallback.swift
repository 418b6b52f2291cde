/// What to assume when a device reports resolution 0 ("unknown") for its position axes.
///
/// Millimetres matter downstream (slop, velocity, points), so an unknown resolution
/// must become *some* number; this makes the guess explicit, overridable and visible
/// in reports. Both cases use one value for both axes so shapes are kept.
public enum ResolutionFallback: Hashable, Sendable {
    /// The longer axis (by device-unit range) spans this many millimetres; units/mm =
    /// longer range ÷ millimetres. 100 mm (``standard``) sits between a laptop touchpad
    /// (≈ 100 × 60 mm) and a phone screen (≈ 70 × 150 mm).
    case longerAxis(millimetres: Double)
    /// An explicit number of device units per millimetre.
    case unitsPerMillimetre(Double)

    /// The longer axis spans 100 mm.
    public static let standard = ResolutionFallback.longerAxis(millimetres: standardLongerAxisMillimetres)
    public static let standardLongerAxisMillimetres = 100.0

    /// Parses a command-line value: `"100mm"` → ``longerAxis(millimetres:)``, `"7.68"`
    /// or `"7.68/mm"` → ``unitsPerMillimetre(_:)``. Non-positive numbers are rejected.
    public init?(_ text: String) {
        var body = Substring(text.lowercased())
        let isLength = body.hasSuffix("mm") && !body.hasSuffix("/mm")
        if isLength { body = body.dropLast(2) } else if body.hasSuffix("/mm") { body = body.dropLast(3) }
        guard let value = Double(String(body.filter { $0 != " " })), value > 0, value.isFinite else { return nil }
        self = isLength ? .longerAxis(millimetres: value) : .unitsPerMillimetre(value)
    }
}
