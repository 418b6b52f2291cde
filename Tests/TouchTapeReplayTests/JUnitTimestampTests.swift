import Foundation
import Testing
@testable import TouchTapeReplay

/// JUnit's `timestamp` from `gmtime_r` (issue 26, tenth part), against the `DateFormatter`
/// it replaced: the same text for dates from 1970 to 2200, fractions of a second (which the
/// formatter rounds to the millisecond first), leap days, the ends of years and of days
/// included.
@Test func junitTimestampsAreTheDateFormattersText() {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
    var dates: [TimeInterval] = [0, 0.999, 59.5, 86_399.999, 951_782_400, 951_868_799.75, 1_709_164_800, 1_798_761_599.9,
                                 1_795_000_000.25, 1_795_000_000.9996, 1_795_000_000.9994, 7_258_118_399]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 { dates.append(Double.random(in: 0..<7_258_118_400, using: &generator)) }
    for seconds in dates {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(ReplayRunner.junitTimestamp(date) == formatter.string(from: date), "\(seconds)")
    }
    #expect(ReplayRunner.junitTimestamp(Date(timeIntervalSince1970: 1_795_000_000)) == "2026-11-18T11:06:40")
}
