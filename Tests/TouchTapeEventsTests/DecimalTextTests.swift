import Testing
import TouchTapeEvents

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
}
