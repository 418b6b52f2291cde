import Testing
import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan

// The fact sheet's §6 scenarios, one parameterised test per profile. Expected outcomes and
// reasons are the sheet's; release fractions are worked out by hand next to each case.

// MARK: 6.1 Transition (H = 900, f = clamp(ty/900, 0, 1), flick |v| >= 1200, threshold 1/3 strict)

let transitionScenarios: [Scenario] = [
    Scenario(name: "6.1.1 ty 450 v 0", samples: pan(v(0, 450), velocity: .zero),
             outcome: .finish, reason: .threshold, releaseProgress: 0.5),            // 450/900
    Scenario(name: "6.1.2 ty 300 exactly 1/3", samples: pan(v(0, 300), velocity: .zero),
             outcome: .cancel, reason: .threshold, releaseProgress: 1.0 / 3.0),      // 300/900 == 1/3, strict >
    Scenario(name: "6.1.3 ty 301", samples: pan(v(0, 301), velocity: .zero),
             outcome: .finish, reason: .threshold, releaseProgress: 301.0 / 900.0),
    Scenario(name: "6.1.4 ty 100 flick down 1500", samples: pan(v(0, 100), velocity: v(0, 1500)),
             outcome: .finish, reason: .flick, releaseProgress: 100.0 / 900.0),
    Scenario(name: "6.1.5 ty 700 flick up 1500", samples: pan(v(0, 700), velocity: v(0, -1500)),
             outcome: .cancel, reason: .flick, releaseProgress: 700.0 / 900.0),
    Scenario(name: "6.1.6 ty 200 v 1199 not a flick", samples: pan(v(0, 200), velocity: v(0, 1199)),
             outcome: .cancel, reason: .threshold, releaseProgress: 200.0 / 900.0),
    Scenario(name: "6.1.7 ty 200 v 1200 flick is >=", samples: pan(v(0, 200), velocity: v(0, 1200)),
             outcome: .finish, reason: .flick, releaseProgress: 200.0 / 900.0),
    Scenario(name: "6.1.8 ty 200 off-axis flick (1000, 700)", samples: pan(v(0, 200), velocity: v(1000, 700)),
             outcome: .cancel, reason: .threshold, releaseProgress: 200.0 / 900.0),  // |v| 1220.7 but horizontal
    Scenario(name: "6.1.9 ty 500 off-axis flick (900, 800)", samples: pan(v(0, 500), velocity: v(900, 800)),
             outcome: .finish, reason: .threshold, releaseProgress: 500.0 / 900.0),
    Scenario(name: "6.1.10 ty 300 diagonal tie (900, 900) goes vertical", samples: pan(v(0, 300), velocity: v(900, 900)),
             outcome: .finish, reason: .flick, releaseProgress: 300.0 / 900.0),
    Scenario(name: "6.1.11a backwards ty -100 v 0", samples: pan(v(0, -100), velocity: .zero),
             outcome: .cancel, reason: .threshold, releaseProgress: 0),               // -0.111 clamped to 0
    Scenario(name: "6.1.11b backwards ty -100 flick down 1300", samples: pan(v(0, -100), velocity: v(0, 1300)),
             outcome: .finish, reason: .flick, releaseProgress: 0),
    Scenario(name: "6.1.12 ty 1200 flick up 1300", samples: pan(v(0, 1200), velocity: v(0, -1300)),
             outcome: .cancel, reason: .flick, releaseProgress: 1),                   // 1.333 clamped to 1
    Scenario(name: "6.1.13 gesture cancelled at ty 450", samples: pan(v(0, 450), velocity: .zero, end: .cancelled),
             outcome: .finish, reason: .threshold, releaseProgress: 0.5),
    // 6.1.13's `.failed` (no decision) has no counterpart: TouchTape's pan never fails after `.began`.
]

@Test(arguments: transitionScenarios)
func transitionScenario(_ scenario: Scenario) {
    let result = scenario.run(.transition)
    #expect(result.outcome == scenario.outcome)
    #expect(result.reason == scenario.reason)
    #expect(abs((result.releaseProgress ?? .nan) - scenario.releaseProgress) < 1e-12)
    #expect(result.completionCallbacks.count == 1)
    #expect(result.completionCallbacks.first?.finished == (scenario.outcome == .finish))
}

// MARK: 6.2 EasyTransitions (H = 800, p = ty/800 raw, v = vy; (p > 0.5 || v > 100) && v > -5)

let easyTransitionsScenarios: [Scenario] = [
    Scenario(name: "6.2.1 ty 480 v 0", samples: pan(v(0, 480), velocity: .zero),
             outcome: .finish, reason: .threshold, releaseProgress: 0.6),
    Scenario(name: "6.2.2 ty 400 exactly 0.5, v 50", samples: pan(v(0, 400), velocity: v(0, 50)),
             outcome: .cancel, reason: .threshold, releaseProgress: 0.5),
    Scenario(name: "6.2.3 ty 400 v 101", samples: pan(v(0, 400), velocity: v(0, 101)),
             outcome: .finish, reason: .flick, releaseProgress: 0.5),
    Scenario(name: "6.2.4 ty 80 v exactly 100", samples: pan(v(0, 80), velocity: v(0, 100)),
             outcome: .cancel, reason: .threshold, releaseProgress: 0.1),
    Scenario(name: "6.2.5 ty 80 v 300", samples: pan(v(0, 80), velocity: v(0, 300)),
             outcome: .finish, reason: .flick, releaseProgress: 0.1),
    Scenario(name: "6.2.6 ty 720 v exactly -5", samples: pan(v(0, 720), velocity: v(0, -5)),
             outcome: .cancel, reason: .veto, releaseProgress: 0.9),
    Scenario(name: "6.2.7 ty 720 v -4.9", samples: pan(v(0, 720), velocity: v(0, -4.9)),
             outcome: .finish, reason: .threshold, releaseProgress: 0.9),
    Scenario(name: "6.2.8 ty 720 v -300", samples: pan(v(0, 720), velocity: v(0, -300)),
             outcome: .cancel, reason: .veto, releaseProgress: 0.9),
    Scenario(name: "6.2.9 backwards ty -100 v -50", samples: pan(v(0, -100), velocity: v(0, -50)),
             outcome: .cancel, reason: .veto, releaseProgress: 0),                    // UIKit was sent 0
    Scenario(name: "6.2.10 backwards ty -100 v 150", samples: pan(v(0, -100), velocity: v(0, 150)),
             outcome: .finish, reason: .flick, releaseProgress: 0),                   // raw -0.125, v > 100
    Scenario(name: "6.2.11 ty 0 v 0", samples: pan(v(0, 0), velocity: .zero),
             outcome: .cancel, reason: .threshold, releaseProgress: 0),
    Scenario(name: "6.2.12 ty 900 v 0", samples: pan(v(0, 900), velocity: .zero),
             outcome: .finish, reason: .threshold, releaseProgress: 0.99),            // raw 1.125, sent 0.99
    Scenario(name: "6.2.13 began with v <= 0, then 600 down",
             samples: pan(v(0, 600), velocity: v(0, 400), beganVelocity: v(0, -200)),
             outcome: .none, reason: .noTransition, releaseProgress: .nan),
    Scenario(name: "6.2.14 gesture cancelled at ty 480", samples: pan(v(0, 480), velocity: .zero, end: .cancelled),
             outcome: .finish, reason: .threshold, releaseProgress: 0.6),
]

@Test(arguments: easyTransitionsScenarios)
func easyTransitionsScenario(_ scenario: Scenario) {
    let result = scenario.run(.easytransitions)
    #expect(result.outcome == scenario.outcome)
    #expect(result.reason == scenario.reason)
    if scenario.outcome == .none {
        // No transition: nothing decided, nothing animated, no callback at all.
        #expect(result.decision == nil)
        #expect(result.frames.isEmpty)
        #expect(result.callbacks.isEmpty)
    } else {
        #expect(abs((result.releaseProgress ?? .nan) - scenario.releaseProgress) < 1e-12)
        #expect(result.completionCallbacks.count == 1)
    }
}

@Test func easyTransitionsNeverSendsMoreThan099() {
    // 6.2.12: raw 900/800 = 1.125 is kept for the decision; UIKit only ever sees 0.99.
    let result = easyTransitionsScenarios[11].run(.easytransitions)
    #expect(result.updates.allSatisfy { $0.progress <= 0.99 })
    #expect(result.decision?.rawProgress == 1.125)
}

// MARK: 6.3 PhotoZoomAnimator (H = 800, h0 = 450; progress = min(max(ty,0)/800, 0.5);
// cancel iff vy < 0 or image centre above its anchor)

let photoZoomScenarios: [Scenario] = [
    Scenario(name: "6.3.1 ty 300 vy 200", samples: pan(v(0, 300), velocity: v(0, 200)),
             outcome: .finish, reason: .anchor, releaseProgress: 0.375),
    Scenario(name: "6.3.2 ty 300 vy 0", samples: pan(v(0, 300), velocity: .zero),
             outcome: .finish, reason: .anchor, releaseProgress: 0.375),
    Scenario(name: "6.3.3 ty 300 vy -0.1", samples: pan(v(0, 300), velocity: v(0, -0.1)),
             outcome: .cancel, reason: .veto, releaseProgress: 0.375),
    Scenario(name: "6.3.4 ty 10 vy 5", samples: pan(v(0, 10), velocity: v(0, 5)),
             outcome: .finish, reason: .anchor, releaseProgress: 0.0125),
    Scenario(name: "6.3.5 ty -50 vy 100", samples: pan(v(0, -50), velocity: v(0, 100)),
             outcome: .cancel, reason: .anchor, releaseProgress: 0),                  // scale 1, centre 50 pt up
    Scenario(name: "6.3.6 ty 0 vy 0", samples: pan(v(0, 0), velocity: .zero),
             outcome: .finish, reason: .anchor, releaseProgress: 0),
    Scenario(name: "6.3.7 ty 600 vy -800", samples: pan(v(0, 600), velocity: v(0, -800)),
             outcome: .cancel, reason: .veto, releaseProgress: 0.5),                  // 0.75 capped at 0.5
    // s = 1 - 1/800 = 0.99875; shift = 2000·0.99875·0.00125/2 = 1.2484 > 1 → centre 0.25 pt up.
    Scenario(name: "6.3.8 zoomed h0 2000, ty 1 vy 50", samples: pan(v(0, 1), velocity: v(0, 50)),
             outcome: .cancel, reason: .anchor, releaseProgress: 0.00125,
             adjust: { $0.decisionInput = .positionVsAnchor(imageHeight: 2000) }),
    Scenario(name: "6.3.9 diagonal tx 300 ty 100", samples: pan(v(300, 100), velocity: v(900, 10)),
             outcome: .finish, reason: .anchor, releaseProgress: 0.125),
    Scenario(name: "6.3.10a landscape tx 200 vx 0", samples: pan(v(200, 0), velocity: .zero),
             outcome: .finish, reason: .anchor, releaseProgress: 0.25,                // 200 / 800 (height)
             adjust: { $0.edge = DeviceOrientation.landscape.photoZoomEdge }),
    Scenario(name: "6.3.10b landscape tx -10 vx 50", samples: pan(v(-10, 0), velocity: v(50, 0)),
             outcome: .cancel, reason: .anchor, releaseProgress: 0,
             adjust: { $0.edge = DeviceOrientation.landscape.photoZoomEdge }),
    Scenario(name: "6.3.11 gesture cancelled", samples: pan(v(0, 300), velocity: v(0, 200), end: .cancelled),
             outcome: .none, reason: .ignoredCancel, releaseProgress: 0.375),
]

@Test(arguments: photoZoomScenarios)
func photoZoomScenario(_ scenario: Scenario) {
    let result = scenario.run(.photozoom)
    #expect(result.outcome == scenario.outcome)
    #expect(result.reason == scenario.reason)
    #expect(abs((result.releaseProgress ?? .nan) - scenario.releaseProgress) < 1e-12)
    if scenario.outcome == .none {
        // 6.3.11: no finish, no cancel, no completeTransition; the transition stays interactive.
        #expect(result.callbacks.isEmpty)
        #expect(result.frames.isEmpty)
        #expect(result.updates.last?.state == .interactive)
    } else {
        #expect(result.completionCallbacks.count == 1)
    }
}

@Test func photoZoomTimingFinishAfterQuarterSecondCancelAfterHalf() {
    // 6.3.12: case 1 → finishInteractiveTransition + completeTransition(true) at release + 0.25 s;
    // case 3 → cancelInteractiveTransition + completeTransition(false) at release + 0.5 s.
    let finish = photoZoomScenarios[0].run(.photozoom)
    let release = 0.3
    #expect(finish.callbacks == [
        DismissalCallback(time: finish.callbacks[0].time, kind: .finishInteractiveTransition, finished: true),
        DismissalCallback(time: finish.callbacks[1].time, kind: .completeTransition, finished: true),
    ])
    #expect(finish.callbacks.allSatisfy { abs($0.time - (release + 0.25)) < 1e-9 })
    #expect(finish.frames.count == 15)          // 0.25 s at 60 Hz
    #expect(finish.frames.last?.value == 1)

    let cancel = photoZoomScenarios[2].run(.photozoom)
    #expect(cancel.callbacks.map(\.kind) == [.cancelInteractiveTransition, .completeTransition])
    #expect(cancel.callbacks.map(\.finished) == [false, false])
    #expect(cancel.callbacks.allSatisfy { abs($0.time - (release + 0.5)) < 1e-9 })
    #expect(cancel.frames.count == 30)          // 0.5 s at 60 Hz
    #expect(cancel.frames.last?.value == 0)
}

// MARK: Profiles as values

@Test func profilesAreFoundByName() {
    #expect(DismissalProfile.named("transition") == .transition)
    #expect(DismissalProfile.named("EasyTransitions") == .easytransitions)
    #expect(DismissalProfile.named("photo-zoom") == .photozoom)
    #expect(DismissalProfile.named("fluidphoto") == nil)
    #expect(DismissalProfile.named("React-Navigation") == .reactnavigation)
    #expect(DismissalProfile.allCases.count == 10)
}

@Test func profileNumbersAreTheFactSheets() {
    let t = DismissalProfile.transition.settings
    #expect(t.completionThreshold == 1.0 / 3.0)
    #expect(t.flick == .init(minimumVelocity: 1200, comparison: .greaterThanOrEqual))
    #expect(t.maximumTouches == 1)
    #expect(t.progressClamp == 0...1)
    let e = DismissalProfile.easytransitions.settings
    #expect(e.completionThreshold == 0.5)
    #expect(e.flick == .init(minimumVelocity: 100, comparison: .greaterThan))
    #expect(e.cancelVelocity == .atOrBelow(-5))
    #expect(e.progressClamp == 0...0.99)
    let p = DismissalProfile.photozoom.settings
    #expect(p.completionThreshold == nil)
    #expect(p.flick == nil)
    #expect(p.cancelVelocity == .below(0))
    #expect(p.progressClamp == 0...0.5)
    #expect(p.decisionInput == .positionVsAnchor(imageHeight: 450))
    #expect(p.onGestureCancelled == .ignore)
    for profile in DismissalProfile.allCases {
        #expect(throws: Never.self) { try profile.settings.validated() }
    }
}

@Test func invalidSettingsNameTheFieldAndAHint() {
    var settings = DismissalProfile.transition.settings
    settings.progressDistance = 0
    #expect(throws: SettingError.self) { try settings.validated() }
    do {
        _ = try settings.validated()
    } catch {
        #expect(error.setting == "progressDistance")
        #expect(!error.hint.isEmpty)
    }
}
