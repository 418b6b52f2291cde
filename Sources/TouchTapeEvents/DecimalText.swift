/// Numbers as text with a fixed number of decimals, without Foundation, so that reports,
/// the live view and the device tools print the same characters on every platform.
/// The one formatter: reports, `touchtape live`, `play` and `record --stats` use it.
public enum DecimalText {
    /// `value` with exactly `digits` decimals, rounded half away from zero; beyond Int64
    /// arithmetic (or not finite) Swift's own description.
    public static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        guard value.isFinite, abs(value) * scale < 1e18 else { return "\(value)" }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int64(scaled / scale)
        var text = String(whole)
        if digits > 0 {
            let frac = String(Int64(scaled) - whole * Int64(scale))
            text += "." + String(repeating: "0", count: digits - frac.count) + frac
        }
        return (value < 0 && scaled != 0 ? "-" : "") + text
    }
}
