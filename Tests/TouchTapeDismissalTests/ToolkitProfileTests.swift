import Testing
import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan

// Issue 25: the other toolkits' profiles held to the cases their own tests state (and the
// forms docs/toolkit-rules.md §7 derives from the source where a library's tests give no
// numbers). Distances and velocities are in each profile's unit (logical px, px, dp, pt).

private func right(_ x: Double) -> Vector2 { Vector2(x: x, y: 0) }
private func down(_ y: Double) -> Vector2 { Vector2(x: 0, y: y) }
/// A horizontal pan: it begins moving right (for begin rules that look).
private func hpan(_ x: Double, velocity: Vector2) -> [PanSample] {
    pan(right(x), velocity: velocity, beganVelocity: right(300))
}

private func flutter(_ adjust: @escaping @Sendable (inout DismissalSettings) -> Void) -> @Sendable (inout DismissalSettings) -> Void {
    { settings in settings.progressDistance = 780; adjust(&settings) }   // the test surface's item: 780 × 100
}

// MARK: Flutter `Dismissible` — dismissible_test.dart (items 780 px wide)

let flutterCases: [Scenario] = [
    Scenario(name: "F1 drag the full width right", samples: hpan(780, velocity: .zero),
             outcome: .finish, reason: .threshold, releaseProgress: 1, adjust: flutter { _ in }),
    Scenario(name: "F2 fling 300 px at 1000 px/s right (0.385 < 0.4)", samples: hpan(300, velocity: right(1000)),
             outcome: .finish, reason: .flick, releaseProgress: 300.0 / 780, adjust: flutter { _ in }),
    Scenario(name: "F3 fling released exactly at the start: no fling (threshold 0.95)", samples: hpan(0, velocity: right(1000)),
             outcome: .cancel, reason: .threshold, releaseProgress: 0, adjust: flutter { $0.completionThreshold = 0.95 }),
    Scenario(name: "F4 a forward fling beats threshold 0.95", samples: hpan(300, velocity: right(1000)),
             outcome: .finish, reason: .flick, releaseProgress: 300.0 / 780, adjust: flutter { $0.completionThreshold = 0.95 }),
    Scenario(name: "F7 startToEnd: a drag left does not dismiss", samples: hpan(-780, velocity: .zero),
             outcome: .cancel, reason: .threshold, releaseProgress: 0, adjust: flutter { _ in }),
    Scenario(name: "F9 startToEnd: a fling left does not dismiss", samples: hpan(-300, velocity: right(-1000)),
             outcome: .cancel, reason: .threshold, releaseProgress: 0, adjust: flutter { _ in }),
    Scenario(name: "F13 threshold 1.0 blocks a full drag", samples: hpan(780, velocity: .zero),
             outcome: .cancel, reason: .threshold, releaseProgress: 1, adjust: flutter { $0.completionThreshold = 1 }),
    Scenario(name: "F14 threshold 1.0: a forward fling slides back", samples: hpan(300, velocity: right(1000)),
             outcome: .cancel, reason: .threshold, releaseProgress: 300.0 / 780, adjust: flutter { $0.completionThreshold = 1 }),
    Scenario(name: "F14's fling under threshold 0.99 still finishes", samples: hpan(300, velocity: right(1000)),
             outcome: .finish, reason: .flick, releaseProgress: 300.0 / 780, adjust: flutter { $0.completionThreshold = 0.99 }),
    // §7.1's forms from the source (W = 500 logical px so 0.4·W is exact; the profile's own is 411).
    Scenario(name: "0.4·W exactly, v 0: cancel (value > threshold)", samples: hpan(200, velocity: .zero),
             outcome: .cancel, reason: .threshold, releaseProgress: 0.4, adjust: { $0.progressDistance = 500 }),
    Scenario(name: "0.41·W, v 0: finish", samples: hpan(205, velocity: .zero),
             outcome: .finish, reason: .threshold, releaseProgress: 0.41, adjust: { $0.progressDistance = 500 }),
    Scenario(name: "0.6·W, a reverse fling 800: cancel at any position", samples: hpan(0.6 * 411, velocity: right(-800)),
             outcome: .cancel, reason: .flick, releaseProgress: 0.6),
    Scenario(name: "v 699 is no fling", samples: hpan(100, velocity: right(699)),
             outcome: .cancel, reason: .threshold, releaseProgress: 100.0 / 411),
    Scenario(name: "v 700 is a fling (>=)", samples: hpan(100, velocity: right(700)),
             outcome: .finish, reason: .flick, releaseProgress: 100.0 / 411),
    Scenario(name: "raw 2-D form, declared margin 400: v (700, 300) flings", samples: hpan(100, velocity: v(700, 300)),
             outcome: .finish, reason: .flick, releaseProgress: 100.0 / 411,
             adjust: { $0.flick?.crossAxisMargin = 400 }),
    Scenario(name: "raw 2-D form, declared margin 400: v (700, 301) does not", samples: hpan(100, velocity: v(700, 301)),
             outcome: .cancel, reason: .threshold, releaseProgress: 100.0 / 411,
             adjust: { $0.flick?.crossAxisMargin = 400 }),
]

@Test(arguments: flutterCases)
func flutterDismissibleCase(_ scenario: Scenario) {
    let result = scenario.run(.flutter)
    #expect(result.outcome == scenario.outcome)
    #expect(result.reason == scenario.reason)
    #expect(abs((result.releaseProgress ?? .nan) - scenario.releaseProgress) < 1e-9)
}

/// F18 (30 px at 1000 px/s: the recognizer reports no velocity when the sampled travel is
/// under 18 px) is the Flutter case the profile does not model (docs/toolkit-rules.md §1.4).
@Test func flutterCasesTheProfileDoesNotModel() {
    withKnownIssue("F18: Flutter's recognizer zeroes a fling whose sampled travel is under 18 px") {
        let f18 = Scenario(name: "F18", samples: hpan(30, velocity: right(1000)), outcome: .cancel, reason: .threshold,
                           releaseProgress: 0, adjust: flutter { _ in })
        #expect(f18.run(.flutter).outcome == .cancel)
    }
}

// MARK: Android `BottomSheetBehavior` — from collapsed, peek 400 px (§7.2's forms)

let bottomSheetCases: [Scenario] = [
    Scenario(name: "drag 150, v +600: projected 210 > 200: hide", samples: pan(down(150), velocity: down(600)),
             outcome: .finish, reason: .threshold, releaseProgress: 150.0 / 400),
    Scenario(name: "drag 50, v +1600: projected 210: hide", samples: pan(down(50), velocity: down(1600)),
             outcome: .finish, reason: .threshold, releaseProgress: 50.0 / 400),
    Scenario(name: "drag 50, v +1400: projected 190: collapse", samples: pan(down(50), velocity: down(1400)),
             outcome: .cancel, reason: .threshold, releaseProgress: 50.0 / 400),
    Scenario(name: "projected exactly 200: no hide (strict)", samples: pan(down(100), velocity: down(1000)),
             outcome: .cancel, reason: .threshold, releaseProgress: 100.0 / 400),
    Scenario(name: "A2 swipe down from collapsed: hide", samples: pan(down(350), velocity: down(2000)),
             outcome: .finish, reason: .threshold, releaseProgress: 350.0 / 400),
    Scenario(name: "above the collapsed line: never hide, however fast", samples: pan(down(-100), velocity: down(4000)),
             outcome: .cancel, reason: .threshold, releaseProgress: 0),
    Scenario(name: "released moving up: expand", samples: pan(down(300), velocity: down(-200)),
             outcome: .cancel, reason: .veto, releaseProgress: 300.0 / 400),
    Scenario(name: "moving up slower than 50 dp/s counts as 0: hide by position", samples: pan(down(300), velocity: down(-100)),
             outcome: .finish, reason: .threshold, releaseProgress: 300.0 / 400),
]

@Test(arguments: bottomSheetCases)
func androidBottomSheetCase(_ scenario: Scenario) {
    let result = scenario.run(.bottomsheet)
    #expect(result.outcome == scenario.outcome)
    #expect(result.reason == scenario.reason)
}

// MARK: Android `SwipeDismissBehavior` — START_TO_END, width 1080 px

let swipeDismissCases: [Scenario] = [
    Scenario(name: "no velocity, |offset| >= round(0.5 W) = 540: dismiss", samples: hpan(540, velocity: .zero),
             outcome: .finish, reason: .threshold, releaseProgress: 0.5),
    Scenario(name: "no velocity, 539: stays", samples: hpan(539, velocity: .zero),
             outcome: .cancel, reason: .threshold, releaseProgress: 539.0 / 1080),
    Scenario(name: "any velocity ViewDragHelper keeps (>= 50 dp/s) towards the end: dismiss", samples: hpan(10, velocity: right(200)),
             outcome: .finish, reason: .flick, releaseProgress: 10.0 / 1080),
    Scenario(name: "a wrong-way velocity cancels far past the threshold", samples: hpan(900, velocity: right(-200)),
             outcome: .cancel, reason: .flick, releaseProgress: 900.0 / 1080),
    Scenario(name: "below 50 dp/s the velocity is 0: the position decides", samples: hpan(600, velocity: right(-100)),
             outcome: .finish, reason: .threshold, releaseProgress: 600.0 / 1080),
]

@Test(arguments: swipeDismissCases)
func androidSwipeDismissCase(_ scenario: Scenario) {
    let result = scenario.run(.swipedismiss)
    #expect(result.outcome == scenario.outcome)
    #expect(result.reason == scenario.reason)
}

// MARK: Compose `SwipeToDismissBox` (width 411 dp; 56 dp, 125 dp/s) and AnchoredDraggable's tests

let composeSwipeCases: [Scenario] = [
    Scenario(name: "57 dp, slowly forward: past 56 dp, dismiss", samples: hpan(57, velocity: right(38)),
             outcome: .finish, reason: .threshold, releaseProgress: 57.0 / 411),
    Scenario(name: "53 dp, slowly forward: settle", samples: hpan(53, velocity: right(38)),
             outcome: .cancel, reason: .threshold, releaseProgress: 53.0 / 411),
    Scenario(name: "57 dp, slowly back: measured from the far anchor, settle", samples: hpan(57, velocity: right(-38)),
             outcome: .cancel, reason: .threshold, releaseProgress: 57.0 / 411),
    Scenario(name: "57 dp at rest: the nearer anchor, settle", samples: hpan(57, velocity: .zero),
             outcome: .cancel, reason: .threshold, releaseProgress: 57.0 / 411),
    Scenario(name: "229 dp at rest: the nearer anchor, dismiss", samples: hpan(229, velocity: .zero),
             outcome: .finish, reason: .threshold, releaseProgress: 229.0 / 411),
    Scenario(name: "11 dp at exactly 125 dp/s: a fling (>=)", samples: hpan(11, velocity: right(125)),
             outcome: .finish, reason: .flick, releaseProgress: 11.0 / 411),
    Scenario(name: "11 dp at 124.9 dp/s: settle", samples: hpan(11, velocity: right(124.9)),
             outcome: .cancel, reason: .threshold, releaseProgress: 11.0 / 411),
    Scenario(name: "229 dp, flung back at 125 dp/s: settle", samples: hpan(229, velocity: right(-125)),
             outcome: .cancel, reason: .flick, releaseProgress: 229.0 / 411),
    Scenario(name: "400 dp, slowly back: within 56 dp of the dismissed anchor, dismiss", samples: hpan(400, velocity: right(-38)),
             outcome: .finish, reason: .threshold, releaseProgress: 400.0 / 411),
]

/// AnchoredDraggable's defaults: positional threshold half the gap between the anchors.
private func foundation(_ gap: Double) -> @Sendable (inout DismissalSettings) -> Void {
    { $0.progressDistance = gap; $0.decisionInput = .clampedFraction }
}

let anchoredDraggableCases: [Scenario] = [
    Scenario(name: "C1 anchors 0/100: offset 60, fling +125.1: B", samples: hpan(60, velocity: right(125.1)),
             outcome: .finish, reason: .flick, releaseProgress: 0.6, adjust: foundation(100)),
    Scenario(name: "C2 offset 40, 0.9 × threshold: back to A (40 < 50)", samples: hpan(40, velocity: right(112.5)),
             outcome: .cancel, reason: .threshold, releaseProgress: 0.4, adjust: foundation(100)),
    Scenario(name: "C3 anchors 0/200: offset 140, fling +125.1: B", samples: hpan(140, velocity: right(125.1)),
             outcome: .finish, reason: .flick, releaseProgress: 0.7, adjust: foundation(200)),
    Scenario(name: "C4 offset 60, fling exactly −threshold: A (a tie is a fling)", samples: hpan(60, velocity: right(-125)),
             outcome: .cancel, reason: .flick, releaseProgress: 0.3, adjust: foundation(200)),
    Scenario(name: "C9 anchors 0/250: 0.55 × 250 released at rest: B", samples: hpan(0.55 * 250, velocity: .zero),
             outcome: .finish, reason: .threshold, releaseProgress: 0.55, adjust: foundation(250)),
]

@Test(arguments: composeSwipeCases + anchoredDraggableCases)
func composeSwipeToDismissCase(_ scenario: Scenario) {
    let result = scenario.run(.composeswipe)
    #expect(result.outcome == scenario.outcome)
    #expect(result.reason == scenario.reason)
}

// MARK: Compose `ModalBottomSheet` (from Expanded; 56 dp absolute, 125 dp/s signed)

let composeSheetCases: [Scenario] = [
    Scenario(name: "60 dp at rest: hide", samples: pan(down(60), velocity: .zero),
             outcome: .finish, reason: .threshold, releaseProgress: 60.0 / 450),
    Scenario(name: "exactly 56 dp: hide (a tie moves)", samples: pan(down(56), velocity: .zero),
             outcome: .finish, reason: .threshold, releaseProgress: 56.0 / 450),
    Scenario(name: "50 dp at rest: stay", samples: pan(down(50), velocity: .zero),
             outcome: .cancel, reason: .threshold, releaseProgress: 50.0 / 450),
    Scenario(name: "20 dp flung down at 125 dp/s: hide", samples: pan(down(20), velocity: down(125)),
             outcome: .finish, reason: .flick, releaseProgress: 20.0 / 450),
    Scenario(name: "100 dp flung up: still hides (the signed test fails, the position passes)", samples: pan(down(100), velocity: down(-500)),
             outcome: .finish, reason: .threshold, releaseProgress: 100.0 / 450),
    Scenario(name: "20 dp flung up: stay", samples: pan(down(20), velocity: down(-500)),
             outcome: .cancel, reason: .threshold, releaseProgress: 20.0 / 450),
]

@Test(arguments: composeSheetCases)
func composeModalBottomSheetCase(_ scenario: Scenario) {
    let result = scenario.run(.composesheet)
    #expect(result.outcome == scenario.outcome)
    #expect(result.reason == scenario.reason)
}

// MARK: React Navigation's card (H 844: closes when t + 0.3 v > 422) and Apple's projection (t + 0.499 v > 422)

let reactNavigationCases: [Scenario] = [
    Scenario(name: "t 300 v 500: 450 closes", samples: pan(down(300), velocity: down(500)),
             outcome: .finish, reason: .threshold, releaseProgress: 300.0 / 844),
    Scenario(name: "t 300 v 400: 420 stays", samples: pan(down(300), velocity: down(400)),
             outcome: .cancel, reason: .threshold, releaseProgress: 300.0 / 844),
    Scenario(name: "t 422 v 0 stays (strict)", samples: pan(down(422), velocity: .zero),
             outcome: .cancel, reason: .threshold, releaseProgress: 0.5),
    Scenario(name: "t 423 v 0 closes", samples: pan(down(423), velocity: .zero),
             outcome: .finish, reason: .threshold, releaseProgress: 423.0 / 844),
    Scenario(name: "t 100 v 1100: 430 closes", samples: pan(down(100), velocity: down(1100)),
             outcome: .finish, reason: .threshold, releaseProgress: 100.0 / 844),
    Scenario(name: "t 500 v −300: 410 stays", samples: pan(down(500), velocity: down(-300)),
             outcome: .cancel, reason: .threshold, releaseProgress: 500.0 / 844),
]

@Test(arguments: reactNavigationCases)
func reactNavigationCardCase(_ scenario: Scenario) {
    let result = scenario.run(.reactnavigation)
    #expect(result.outcome == scenario.outcome)
    #expect(result.reason == scenario.reason)
}

let projectionCases: [Scenario] = [
    Scenario(name: "t 200 v 500: 449.5 dismisses", samples: pan(down(200), velocity: down(500)),
             outcome: .finish, reason: .threshold, releaseProgress: 200.0 / 844),
    Scenario(name: "t 200 v 400: 399.6 stays", samples: pan(down(200), velocity: down(400)),
             outcome: .cancel, reason: .threshold, releaseProgress: 200.0 / 844),
    Scenario(name: "t 500 v −300: 350.3 stays", samples: pan(down(500), velocity: down(-300)),
             outcome: .cancel, reason: .threshold, releaseProgress: 500.0 / 844),
]

@Test(arguments: projectionCases)
func appleProjectionCase(_ scenario: Scenario) {
    let result = scenario.run(.projection)
    #expect(result.outcome == scenario.outcome)
    #expect(result.reason == scenario.reason)
}

@Test func theProjectionIsTheNormalDecelerationRates() {
    // r = 0.998 per ms: the release travels v·r/(1 − r) ms more, 499 ms × v.
    #expect(abs(DismissalProfile.normalDecelerationProjection - 0.499) < 1e-12)
}

@Test(arguments: DismissalProfile.allCases)
func everyProfileIsValidAndStatesItsUnit(profile: DismissalProfile) throws {
    _ = try profile.settings.validated()
    #expect(!profile.unit.symbol.isEmpty && profile.unit.perMillimetre > 0)
    #expect(!profile.libraryName.isEmpty)
}
