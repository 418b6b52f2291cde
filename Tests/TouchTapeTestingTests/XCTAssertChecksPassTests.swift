import XCTest
import TouchTape
import TouchTapeTesting
import TouchTapeTestSupport

/// The XCTest helper, on a controller that passes (XCTest on Linux has no expected-failure
/// API; the failure messages are the same ones `expectChecksPass` is tested with).
final class XCTAssertChecksPassTests: XCTestCase {
    private struct Card: InteractiveDismissalController {
        mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
            let p = min(max(gesture.translation(in: gesture.view).y / gesture.view.bounds.height, 0), 1)
            switch gesture.state {
            case .began: transition.begin()
            case .changed: transition.update(p)
            case .ended, .cancelled:
                let v = gesture.velocity(in: gesture.view).y
                v > -1000 && (p > 0.4 || v >= 1000) ? transition.finish() : transition.cancel()
            }
        }
    }

    func testAPassingControllerReplaysEveryLabelledTrack() {
        let rules = DismissalSettings.declared(distance: 800, threshold: 0.4, flickVelocity: 1000, cancelFlickVelocity: 1000)
        let result = XCTAssertChecksPass(replaying: PackagePaths.recordings.path, rules: rules, tracks: .labelled) { Card() }
        XCTAssertGreaterThan(result?.tracks.count ?? 0, 5)
        XCTAssertEqual(result?.tracks.allSatisfy { $0.report.expected != nil }, true)
    }
}
