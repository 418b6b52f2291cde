import Foundation
import Testing
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeSynthesis

@Suite struct DecimalTextTests {
    @Test func fixedDecimalsRoundHalfAwayFromZeroAndNeverPrintMinusZero() {
        #expect(DecimalText.fixed(0.125, 2) == "0.13")
        #expect(DecimalText.fixed(-0.125, 2) == "-0.13")
        #expect(DecimalText.fixed(-0.004, 2) == "0.00")
        #expect(DecimalText.fixed(3, 0) == "3")
        #expect(DecimalText.fixed(12.05, 3) == "12.050")
        #expect(DecimalText.fixed(1e300, 2) == "1e+300")
        #expect(DecimalText.fixed(.nan, 1) == "nan")
    }

    /// `fixed` writes its digits itself: the same text as the integers' descriptions joined
    /// with the padding (how it was written before), on whole numbers, halves, values near
    /// the Int64 limit and 100 000 values spread over many magnitudes, for 0 to 9 decimals.
    @Test func fixedIsTheIntegersDescriptionsJoined() {
        func joined(_ value: Double, _ digits: Int) -> String {
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
        var values: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 0.05, 0.005, 9.9999999, 99.5, 1e17, 9.99e17, 1e18, 123456.789,
                                -0.0000001, .infinity, -.infinity, .nan, 0.3333333, 1.0 / 3, 2.0 / 3, 1200, 0.125]
        var random = SeededGenerator(seed: 0x2545_F491_4F6C_DD1D)
        func next() -> UInt64 { random.next() }
        for _ in 0..<100_000 {
            let mantissa = Double(next() % 1_000_000_000) / 1_000_000_000
            let exponent = Int(next() % 24) - 8
            values.append((next() % 2 == 0 ? 1 : -1) * mantissa * pow(10, Double(exponent)))
        }
        var differing: [String] = [], bytesDiffer: [String] = []
        for value in values {
            for digits in 0...9 {
                let text = DecimalText.fixed(value, digits)
                if text != joined(value, digits) {
                    differing.append("\(value) with \(digits): \(text), not \(joined(value, digits))")
                }
                // The bytes ``Words`` appends are the same text, after what was there.
                var bytes: [UInt8] = [0x3E]
                DecimalText.fixed(value, digits, into: &bytes)
                if bytes != [0x3E] + Array(text.utf8) { bytesDiffer.append("\(value) with \(digits)") }
            }
        }
        #expect(values.count > 100_000)
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(5))")
        #expect(bytesDiffer.isEmpty, "\(bytesDiffer.count) differ as bytes, first: \(bytesDiffer.prefix(5))")
    }

    /// `general4` is C's `%.4g` (what the decisions' words printed through Foundation):
    /// compared with `String(format:)` on exact halves (rounded to even, as C rounds the
    /// exact binary value), their neighbouring doubles, powers of ten, and 200 000 values
    /// spread over the range it takes.
    @Test func general4IsCsPercentPoint4g() {
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 1.5, 2.5, 1234.5, 1235.5, 12345, 12355, 99995, 9999.5, 99994,
                                0.00125, 0.0001, 0.00001, 0.000099995, 1e-10, 9.9995e14, 123456789, 0.3333, 1.0 / 3,
                                2.0 / 3, 1200, -1200, 0.4, 1e4, 9999, 10_000, 1e-4, 1e-5, 0.1, 0.2, 0.3]
        for power in -10...14 {
            let ten = Double("1e\(power)")!
            values += [ten, ten.nextUp, ten.nextDown, ten * 9.9995, (ten * 9.9995).nextUp, (ten * 9.9995).nextDown]
        }
        for v in Array(values) { values += [v.nextUp, v.nextDown, -v] }
        var random = SeededGenerator(seed: 0x9E37_79B9_7F4A_7C15)
        func next() -> UInt64 { random.next() }
        for i in 0..<200_000 {
            let mantissa = Double(next() >> 11) / Double(1 << 53) * 10   // 0…10
            let power = Int(next() % 25) - 10
            var v = mantissa * Double("1e\(power)")!
            if i % 3 == 0 { v = (v * 10_000).rounded() / 10_000 + 0.00005 }   // near a half of the fourth digit
            values.append(i % 2 == 0 ? v : -v)
        }
        var compared = 0
        for v in values {
            guard let mine = DecimalText.general4(v) else { continue }
            let c = String(format: "%.4g", v)
            if mine != c { Issue.record("\(v): \(mine), C prints \(c)"); return }
            compared += 1
        }
        #expect(compared > 150_000)
        #expect(DecimalText.general4(.nan) == nil && DecimalText.general4(1e20) == nil)
    }
}
