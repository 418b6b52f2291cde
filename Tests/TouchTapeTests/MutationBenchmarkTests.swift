import Foundation
import Testing
import TouchTape
import TouchTapeTestSupport

// The mutation benchmark. Four controllers written as an app developer ports a pan handler
// onto the contract: a card that follows the finger with flicks along the axis, and the three
// seed libraries' handlers as docs/dismissal-rules.md reads their code (Transition:
// the direction chosen in `gestureRecognizerShouldBegin`, flicks on the 2-D magnitude;
// EasyTransitions: begins on a positive velocity, `(p > 0.5 || v > 100) && v > −5`;
// PhotoZoomAnimator: any pan begins, cancel on an upward release or an image centre above its
// anchor, the interactive calls in the animation's completion block). Each declares its
// library's rules with `DismissalSettings.declared`, nothing copied from a built-in profile,
// and no port bends the library's logic to fit the contract. Realistic bugs are seeded one at
// a time in four kinds: plain, boundary, refusal, timing. Each mutant runs through the
// ordinary API (`ControllerReplay`, probes on, as `expectChecksPass` runs it) over the
// bundled Recordings/ alone; every one must be killed, and the correct ports must pass. The
// table (mutant, kind, what killed it) is printed between the MUTATION-TABLE markers;
// `tools/test` shows it.

/// Which pan handler, and how it declares its rules.
enum Port: String, CaseIterable, Sendable {
    /// A card pulled down: threshold 0.4 of 800 pt, flicks of 1000 pt/s along the axis either way.
    case card
    /// Transition's `PanInteractionController` (defaults, dismissing at `.bottom` of a 900 pt
    /// container): `shouldBegin` maps the translation's dominant direction to the dismissal
    /// (L337–350), one finger (L46), progress clamped to [0, 1], a flick of |v| ≥ 1200 on the
    /// dismiss axis decides either way (L88–100), else fraction > 1/3 (L105).
    case transition
    /// EasyTransitions' `TransitionInteractiveController.handle(_:)` (`.fromTop`, 800 pt view):
    /// begins only if v > 0 at `.began` (L62), updates clamped to [0, 0.99] (L68–69), and
    /// `(panned > 0.5 || v > 100) && v > −5` on the raw fraction (L71–78).
    case easy
    /// PhotoZoomAnimator's `ZoomDismissalInteractionController.didPanWith` (portrait, 800 pt
    /// view, a 450 pt image): progress `min(max(ty, 0)/H, 0.5)` on every forwarded callback,
    /// cancel iff `vy < 0` or the image centre is above its anchor (L71–82), a 0.25 s finish or a
    /// 0.5 s ζ 0.9 spring back, with finish/cancel and `completeTransition` in the completion
    /// blocks (L87–128); a `.cancelled` gesture never decides (`userDidPanWith`, L153–168).
    case photoZoom

    var rules: DismissalSettings {
        switch self {
        case .card:
            return .declared(edge: .bottom, distance: 800, threshold: 0.4, flickVelocity: 1000, cancelFlickVelocity: 1000)
        case .transition:
            return .declared(edge: .bottom, distance: 900, threshold: 1.0 / 3, flickVelocity: 1200,
                             flickMeasure: .magnitude2D, cancelRule: .oppositeFlick, decidesOn: .clampedFraction,
                             begins: .translationEdge, maximumTouches: 1)
        case .easy:
            return .declared(edge: .bottom, distance: 800, progressRange: 0...0.99, threshold: 0.5,
                             flickVelocity: 100, finishesAtFlickVelocity: false, cancelRule: .atOrBelow(-5),
                             rule: .orThenVeto, begins: .positiveVelocity)
        case .photoZoom:
            return .declared(edge: .bottom, distance: 800, progressRange: 0...0.5, threshold: nil, flickVelocity: nil,
                             cancelRule: .below(0), rule: .vetoOnly, decidesOn: .positionVsAnchor(imageHeight: 450),
                             onGestureCancelled: .ignore)
        }
    }
}

/// One seeded bug (or none).
enum Mutation: String, CaseIterable, Sendable {
    enum Kind: String { case plain, boundary, refusal, timing }

    // plain
    case flickDirectionFlipped, neverDecides, finishesTwice, horizontalAxis, flicksIgnored, progressBackwards,
         alwaysCancels, easyVetoIgnored, photoZoomVetoIgnored, forgetsCancelled, dividesByWidth,
         neverUpdates, twoFingerUpdatesIgnored, easedProgress, throttledUpdates, snapsAtRelease, staysDecided
    // boundary
    case thresholdAtOrAbove, thresholdLower, thresholdHigher, flickStrict, flickSlower, flickFaster, cancelFlickStrict,
         progressUnclamped, progressCappedBelowOne, wrongDivisor, transitionFlickOnAxis, transitionThresholdPointThree,
         easyThresholdAtOrAbove, easyFlickAtOrAbove, photoZoomCancelsStillRelease, photoZoomProgressUncapped,
         cancelFlickByMagnitude, transitionBackFlickOnAxis, transitionOffAxisFlickDecides, transitionFlickOnStrictAxis
    // refusal
    case transitionBeginsOnAnyPan, transitionBeginsSideways, transitionBeginsAgainstEdge, easyBeginsOnAnyPan,
         easyBeginsStillPan, transitionBeginsOnStrictAxis
    // timing
    case completesAtRelease, completesTwice, neverCompletes, completesFinished, cancelsLate, photoZoomCompletesAtRelease,
         completionSpeedFromProgress, completionSpeedFromVelocity

    var kind: Kind {
        switch self {
        case .flickDirectionFlipped, .neverDecides, .finishesTwice, .horizontalAxis, .flicksIgnored, .progressBackwards,
             .alwaysCancels, .easyVetoIgnored, .photoZoomVetoIgnored, .forgetsCancelled, .dividesByWidth,
             .neverUpdates, .twoFingerUpdatesIgnored, .easedProgress, .throttledUpdates, .snapsAtRelease,
             .staysDecided: return .plain
        case .transitionBeginsOnAnyPan, .transitionBeginsSideways, .transitionBeginsAgainstEdge, .easyBeginsOnAnyPan,
             .easyBeginsStillPan, .transitionBeginsOnStrictAxis: return .refusal
        case .completesAtRelease, .completesTwice, .neverCompletes, .completesFinished, .cancelsLate,
             .photoZoomCompletesAtRelease, .completionSpeedFromProgress, .completionSpeedFromVelocity: return .timing
        default: return .boundary
        }
    }

    /// The port the bug is seeded in.
    var port: Port {
        switch self {
        case .transitionFlickOnAxis, .transitionThresholdPointThree, .transitionBeginsOnAnyPan, .transitionBeginsSideways,
             .transitionBeginsAgainstEdge, .transitionBackFlickOnAxis, .transitionOffAxisFlickDecides,
             .transitionBeginsOnStrictAxis, .transitionFlickOnStrictAxis: return .transition
        case .easyVetoIgnored, .easyThresholdAtOrAbove, .easyFlickAtOrAbove, .easyBeginsOnAnyPan, .easyBeginsStillPan: return .easy
        case .photoZoomVetoIgnored, .photoZoomCancelsStillRelease, .photoZoomProgressUncapped, .photoZoomCompletesAtRelease:
            return .photoZoom
        default: return .card
        }
    }
}

/// The four ports, each with at most one bug.
struct PortedController: InteractiveDismissalController {
    let port: Port
    let bug: Mutation?
    /// Whether this pan drives the transition (EasyTransitions' `interactionInProgress`,
    /// PhotoZoomAnimator's `isInteractive`).
    private var dismissing = false
    /// PhotoZoomAnimator: what the release decided, for the completion block.
    private var finishing = false
    /// Transition: the fraction last sent (`totalFractionComplete`, read back from the
    /// progress animator at release; `.ended` itself sends no update, TransitionDriver L331–362).
    private var fractionComplete = 0.0
    /// `.staysDecided`: a guard against deciding twice, cleared only in the finish's
    /// completion (the card is gone then, so its author never saw a second pan after a cancel).
    private var decided = false

    init(_ port: Port, bug: Mutation? = nil) {
        self.port = port
        self.bug = bug
    }

    mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
        if port == .photoZoom { return zoomDismissal(gesture, transition: &transition) }
        let view = gesture.view
        let t = gesture.translation(in: view), v = gesture.velocity(in: view)
        let along = bug == .horizontalAxis ? t.x : t.y
        // `.dividesByWidth`: the other side of the view (a square view hid it; a phone's is not).
        let divisor = bug == .wrongDivisor ? 780 : bug == .dividesByWidth ? view.bounds.width : view.bounds.height
        let raw = along / divisor
        let ceiling = port == .easy ? 0.99 : bug == .progressCappedBelowOne ? 0.95 : 1
        let progress = bug == .progressUnclamped ? raw : min(max(raw, 0), ceiling)
        switch gesture.state {
        case .began:
            dismissing = beginsAtBegan(velocity: v)
            if dismissing { transition.begin() }
        case .changed:
            guard dismissing else { return }
            // The card not following the finger: no update at all, none with two fingers
            // down, an eased fraction, or one only every 2 % (the view lags and jumps).
            if bug == .neverUpdates || (bug == .twoFingerUpdatesIgnored && gesture.numberOfTouches > 1) { return }
            if bug == .throttledUpdates, abs(progress - fractionComplete) < 0.02 { return }
            fractionComplete = progress
            transition.update(bug == .progressBackwards ? 1 - progress : bug == .easedProgress ? progress * progress : progress)
        case .ended, .cancelled:
            guard dismissing else { return }
            // `.forgetsCancelled`: `case .ended:` alone; a pan the system takes leaves the
            // transition half-way (only the `cancelled` probe has such a pan).
            if bug == .forgetsCancelled, gesture.state == .cancelled { return }
            dismissing = false
            if bug == .neverDecides { return }
            if bug == .staysDecided {
                if decided { return }
                decided = true
            }
            if bug == .completesAtRelease { transition.duration = 0.3 }
            // Tutorials' "finish the rest at the pan's pace": a speed of 0 at progress 1 (an
            // endless completion, which trapped the replay), a near-still release's tiny one
            // (10¹⁵ frames, which exhausted its memory).
            if bug == .completionSpeedFromProgress { transition.completionSpeed = 1 - progress }
            if bug == .completionSpeedFromVelocity { transition.completionSpeed = abs(v.y) / 1000 }
            let finishing = decide(progress: progress, raw: raw, velocity: v)
            // The view snapped to where it is going before the animation (it jumps).
            if bug == .snapsAtRelease { transition.update(finishing ? 1 : 0) }
            if bug == .cancelsLate, !finishing {
                transition.update(progress)   // a no-op call first; the cancel itself is below
            }
            if finishing { transition.finish() } else { transition.cancel() }
            if bug == .finishesTwice { transition.finish() }
            if bug == .completesAtRelease { transition.completeTransition(finishing) }
        }
    }

    /// PhotoZoomAnimator's `didPanWith`: `.began` is not forwarded (the pop starts there);
    /// every other callback sends `1 − scale`; only `.ended` decides, and the interactive
    /// call waits for the animation's completion block.
    private mutating func zoomDismissal(_ gesture: PanGesture, transition: inout TransitionContext) {
        let view = gesture.view
        let t = gesture.translation(in: view), v = gesture.velocity(in: view)
        let height = view.bounds.height
        let scale = 1 - min(max(t.y, 0) / height, bug == .photoZoomProgressUncapped ? 1 : 0.5)
        switch gesture.state {
        case .began:
            dismissing = true
            transition.begin()
            return
        case .changed, .cancelled, .ended:
            guard dismissing else { return }
            transition.update(1 - scale)
        }
        guard gesture.state == .ended else { return }
        dismissing = false
        // newCenter.y = anchor.y + ty − h·(1 − scale)/2, h the scaled image height (L59–61).
        let centreOffset = t.y - 450 * scale * (1 - scale) / 2
        let upward = bug == .photoZoomCancelsStillRelease ? v.y <= 0 : v.y < 0
        let above = centreOffset < 0
        finishing = bug == .photoZoomVetoIgnored ? !above : !(upward || above)
        if finishing {
            transition.animate(finishing: true, duration: 0.25)
        } else {
            transition.animate(finishing: false, duration: 0.5, curve: .spring(dampingRatio: 0.9, initialVelocity: .zero))
        }
        if bug == .photoZoomCompletesAtRelease {
            if finishing { transition.finish() } else { transition.cancel() }
            transition.completeTransition(finishing)
        }
    }

    mutating func transitionAnimationEnded(_ transition: inout TransitionContext) {
        if port == .photoZoom {
            // The completion blocks (L98–104, L121–127): the interactive call, then completion.
            guard bug != .photoZoomCompletesAtRelease else { return }
            if finishing { transition.finish() } else { transition.cancel() }
            transition.completeTransition(!transition.transitionWasCancelled)
            return
        }
        if bug == .staysDecided, !transition.transitionWasCancelled { decided = false }
        switch bug {
        case .neverCompletes, .completesAtRelease: return
        case .completesTwice:
            transition.completeTransition(!transition.transitionWasCancelled)
            transition.completeTransition(!transition.transitionWasCancelled)
        case .completesFinished: transition.completeTransition(true)
        default: transition.completeTransition(!transition.transitionWasCancelled)
        }
        if bug == .cancelsLate, transition.transitionWasCancelled { transition.cancel() }
    }

    /// `gestureRecognizerShouldBegin`. Transition chooses the operation there from the
    /// translation so far (`TransitionController.swift` L337–350): its dominant direction
    /// (ties go to the vertical axis) must be the screen edge it dismisses towards, here down.
    mutating func shouldBegin(_ gesture: PanGesture) -> Bool {
        guard port == .transition else { return true }
        let t = gesture.translation(in: gesture.view)
        if bug == .transitionBeginsOnAnyPan { return true }
        if bug == .transitionBeginsSideways { return abs(t.x) > abs(t.y) || t.y > 0 }
        if bug == .transitionBeginsAgainstEdge { return abs(t.y) >= abs(t.x) }
        // `>` for `>=`: a diagonal start, which Transition gives to the vertical axis, refused.
        if bug == .transitionBeginsOnStrictAxis { return abs(t.y) > abs(t.x) && t.y > 0 }
        return abs(t.y) >= abs(t.x) && t.y > 0
    }

    /// What the target action decides at `.began`: EasyTransitions starts only when the
    /// velocity then points at the dismiss edge (strict, L62); the others begin every pan
    /// `shouldBegin` let through.
    private func beginsAtBegan(velocity v: Vector2) -> Bool {
        switch port {
        case .card, .transition, .photoZoom: return true
        case .easy:
            if bug == .easyBeginsOnAnyPan { return true }
            if bug == .easyBeginsStillPan { return v.y >= 0 }
            return v.y > 0
        }
    }

    /// The release decision, as each library makes it.
    private func decide(progress p: Double, raw: Double, velocity v: Vector2) -> Bool {
        switch port {
        case .card:
            let vy = bug == .flickDirectionFlipped ? -v.y : v.y
            let flick = bug == .flickSlower ? 990.0 : bug == .flickFaster ? 1010 : 1000
            if bug != .flicksIgnored {
                // `.cancelFlickByMagnitude`: "fast and upward" for "fast upward".
                let cancels = bug == .cancelFlickStrict ? vy < -1000
                    : bug == .cancelFlickByMagnitude ? v.length >= 1000 && vy < 0 : vy <= -1000
                if cancels { return false }
                if bug == .flickStrict ? vy > flick : vy >= flick { return true }
            }
            if bug == .alwaysCancels { return false }
            let threshold = bug == .thresholdLower ? 0.39 : bug == .thresholdHigher ? 0.41 : 0.4
            return bug == .thresholdAtOrAbove ? p >= threshold : p > threshold
        case .transition:
            // A flick decides first, either way: the magnitude, with the edge of the dominant
            // axis (`TransitionScreenEdge(vector:)`, ties vertical); off-axis flicks fall through.
            let speed = bug == .transitionFlickOnAxis ? abs(v.y) : v.length
            // `.transitionOffAxisFlickDecides`: the axis test forgotten; `.transitionBackFlickOnAxis`:
            // the flick back judged along the axis alone.
            // `.transitionFlickOnStrictAxis`: `>` for `>=`, a diagonal release (ties vertical) off the axis.
            let onAxis = bug == .transitionOffAxisFlickDecides
                || (bug == .transitionFlickOnStrictAxis ? abs(v.y) > abs(v.x) : abs(v.y) >= abs(v.x))
            if bug == .transitionBackFlickOnAxis {
                if speed >= 1200, onAxis, v.y > 0 { return true }
                if -v.y >= 1200 { return false }
            } else if speed >= 1200, onAxis {
                return v.y > 0
            }
            return fractionComplete > (bug == .transitionThresholdPointThree ? 0.3 : 1.0 / 3)
        case .easy:
            // The raw `panned`, not the clamped update.
            let passes = bug == .easyThresholdAtOrAbove ? raw >= 0.5 : raw > 0.5
            let flick = bug == .easyFlickAtOrAbove ? v.y >= 100 : v.y > 100
            let veto = bug == .easyVetoIgnored ? false : v.y <= -5
            return (passes || flick) && !veto
        case .photoZoom:
            return false   // decided in zoomDismissal
        }
    }
}

private func recordings() throws -> Recordings { try Recordings(path: PackagePaths.recordings.path) }

@Test(arguments: Port.allCases)
func theCorrectPortsPassEveryTrackAndProbe(port: Port) throws {
    let run = ControllerReplay(name: port.rawValue, rules: port.rules) { PortedController(port) }.run(try recordings())
    #expect(run.report.tracks.contains { $0.probe != nil })
    #expect(run.failures.map(\.description) == [], "\(port)")
}

@Test func everyMutantIsKilledByTheBundledRecordingsWithProbes() throws {
    #expect(Mutation.allCases.count >= 30)
    #expect(Set(Mutation.allCases.map(\.kind)) == [.plain, .boundary, .refusal, .timing])
    var rows: [String] = []
    var survivors: [Mutation] = []
    var killedWithoutProbes = 0
    for mutation in Mutation.allCases {
        let port = mutation.port
        var replay = ControllerReplay(name: mutation.rawValue, rules: port.rules) { PortedController(port, bug: mutation) }
        let probed = replay.run(try recordings())
        replay.probes = false
        let plain = replay.run(try recordings())
        if !plain.failures.isEmpty { killedWithoutProbes += 1 }
        guard let first = probed.failures.first(where: { $0.probe != nil }) ?? probed.failures.first else {
            survivors.append(mutation)
            rows.append("| \(mutation.rawValue) | \(mutation.kind.rawValue) | \(port.rawValue) | SURVIVED |")
            continue
        }
        let by = first.probe.map { "probe \($0.prefix { $0 != ":" })" } ?? "recorded track"
        rows.append("| \(mutation.rawValue) | \(mutation.kind.rawValue) | \(port.rawValue) | \(first.check), \(by)"
                    + (plain.failures.isEmpty ? " (the recordings alone pass it)" : "") + " |")
    }
    let table = ["MUTATION-TABLE-BEGIN", "| mutant | kind | port | killed by (first failed check) |", "|---|---|---|---|"] + rows
        + ["\(Mutation.allCases.count - survivors.count) of \(Mutation.allCases.count) killed; "
           + "\(killedWithoutProbes) by the recordings without probes", "MUTATION-TABLE-END"]
    print(table.joined(separator: "\n"))
    #expect(survivors.isEmpty, "survived: \(survivors.map(\.rawValue))")
}
