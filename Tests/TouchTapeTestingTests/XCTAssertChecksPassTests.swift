import XCTest
import TouchTape
import TouchTapeTesting
import TouchTapeTestSupport

/// The XCTest helper, on a controller that passes (XCTest on Linux has no expected-failure
/// API; the failure messages are the same ones `expectChecksPass` is tested with).
final class XCTAssertChecksPassTests: XCTestCase {
    func testAPassingControllerReplaysEveryLabelledTrack() {
        let result = XCTAssertChecksPass(replaying: PackagePaths.recordings.path, rules: ReferenceCard.rules, tracks: .labelled) { ReferenceCard() }
        XCTAssertGreaterThan(result?.tracks.count ?? 0, 5)
        XCTAssertEqual(result?.tracks.allSatisfy { $0.report.expected != nil }, true)
    }
}
