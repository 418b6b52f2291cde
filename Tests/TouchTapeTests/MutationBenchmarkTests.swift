import Foundation
import Testing
import TouchTape
import TouchTapeTestSupport

// Issue 23: the mutation benchmark. Three controllers written as an app developer ports the
// seed libraries' pan handlers onto the contract (a card that follows the finger with
// projected flicks; Transition's: it starts only a pan that begins towards the edge and
// judges flicks on the 2-D magnitude; EasyTransitions': a release velocity veto), and
// realistic bugs seeded one at a time in four kinds: plain, boundary, refusal, timing.
// Each mutant runs through the ordinary API (`ControllerReplay`, probes on, as
// `expectChecksPass` runs it) over the bundled Recordings/ alone; every one must be killed,
// and the correct ports must pass. The table (mutant, kind, what killed it) is printed
// between the MUTATION-TABLE markers; `tools/test` shows it.

/// Which pan handler, and how it declares its rules.
enum Port: String, CaseIterable, Sendable {
    /// A card pulled down: threshold 0.4 of 800 pt, flicks of 1000 pt/s along the axis either way.
    case card
    /// Transition's `PanInteractionController`: the direction is chosen at the start (only
    /// a pan that starts towards the edge begins), threshold 1/3 of 900 pt, flicks judged on
    /// the magnitude with the direction of the dominant axis.
    case transition
    /// EasyTransitions' handler: only a pan moving towards the edge begins; past 0.5 or a
    /// flick of 100 pt/s finishes, unless the release moves back at 5 pt/s or more.
    case easy

    var rules: DismissalSettings {
        switch self {
        case .card:
            return .declared(edge: .bottom, distance: 800, threshold: 0.4, flickVelocity: 1000, cancelFlickVelocity: 1000)
        case .transition:
            return .declared(edge: .bottom, distance: 900, threshold: 1.0 / 3, flickVelocity: 1200, cancelFlickVelocity: 1200,
                             begins: .translationEdge, flickMeasure: .magnitude2D)
        case .easy:
            return .declared(edge: .bottom, distance: 800, threshold: 0.5, flickVelocity: 100, cancelFlickVelocity: 5,
                             begins: .positiveVelocity)
        }
    }
}

/// One seeded bug (or none).
enum Mutation: String, CaseIterable, Sendable {
    enum Kind: String { case plain, boundary, refusal, timing }

    // plain
    case flickDirectionFlipped, neverDecides, finishesTwice, horizontalAxis, flicksIgnored, progressBackwards,
         alwaysCancels, easyVetoIgnored
    // boundary
    case thresholdAtOrAbove, thresholdLower, thresholdHigher, flickStrict, flickSlower, flickFaster, cancelFlickStrict,
         progressUnclamped, progressCappedBelowOne, wrongDivisor, transitionFlickOnAxis, transitionThresholdPointThree,
         easyThresholdAtOrAbove, easyFlickAtOrAbove
    // refusal
    case transitionBeginsOnAnyPan, transitionBeginsSideways, transitionBeginsAgainstEdge, easyBeginsOnAnyPan,
         easyBeginsStillPan
    // timing
    case completesAtRelease, completesTwice, neverCompletes, completesFinished, cancelsLate

    var kind: Kind {
        switch self {
        case .flickDirectionFlipped, .neverDecides, .finishesTwice, .horizontalAxis, .flicksIgnored, .progressBackwards,
             .alwaysCancels, .easyVetoIgnored: return .plain
        case .transitionBeginsOnAnyPan, .transitionBeginsSideways, .transitionBeginsAgainstEdge, .easyBeginsOnAnyPan,
             .easyBeginsStillPan: return .refusal
        case .completesAtRelease, .completesTwice, .neverCompletes, .completesFinished, .cancelsLate: return .timing
        default: return .boundary
        }
    }

    /// The port the bug is seeded in.
    var port: Port {
        switch self {
        case .transitionFlickOnAxis, .transitionThresholdPointThree, .transitionBeginsOnAnyPan, .transitionBeginsSideways,
             .transitionBeginsAgainstEdge: return .transition
        case .easyVetoIgnored, .easyThresholdAtOrAbove, .easyFlickAtOrAbove, .easyBeginsOnAnyPan, .easyBeginsStillPan: return .easy
        default: return .card
        }
    }
}

/// The three ports, each with at most one bug.
struct PortedController: InteractiveDismissalController {
    let port: Port
    let bug: Mutation?
    /// Transition and EasyTransitions decide at the start whether this pan dismisses.
    private var dismissing = false

    init(_ port: Port, bug: Mutation? = nil) {
        self.port = port
        self.bug = bug
    }

    mutating func handlePan(_ gesture: PanGesture, transition: inout TransitionContext) {
        let view = gesture.view
        let t = gesture.translation(in: view), v = gesture.velocity(in: view)
        let along = bug == .horizontalAxis ? t.x : t.y
        let divisor = bug == .wrongDivisor ? 780 : view.bounds.height
        let raw = along / divisor
        let progress = bug == .progressUnclamped ? raw : min(max(raw, 0), bug == .progressCappedBelowOne ? 0.95 : 1)
        switch gesture.state {
        case .began:
            dismissing = beginsAtBegan(velocity: v)
            if dismissing { transition.begin() }
        case .changed:
            guard dismissing else { return }
            transition.update(bug == .progressBackwards ? 1 - progress : progress)
        case .ended, .cancelled:
            guard dismissing else { return }
            if bug == .neverDecides { return }
            if bug == .completesAtRelease { transition.duration = 0.3 }
            let finishing = decide(progress: progress, velocity: v)
            if bug == .cancelsLate, !finishing {
                transition.update(progress)   // a no-op call first; the cancel itself is below
            }
            if finishing { transition.finish() } else { transition.cancel() }
            if bug == .finishesTwice { transition.finish() }
            if bug == .completesAtRelease { transition.completeTransition(finishing) }
        }
    }

    mutating func transitionAnimationEnded(_ transition: inout TransitionContext) {
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
    /// must be the screen edge it dismisses towards, here down.
    mutating func shouldBegin(_ gesture: PanGesture) -> Bool {
        guard port == .transition else { return true }
        let t = gesture.translation(in: gesture.view)
        if bug == .transitionBeginsOnAnyPan { return true }
        if bug == .transitionBeginsSideways { return abs(t.x) > abs(t.y) || t.y > 0 }
        if bug == .transitionBeginsAgainstEdge { return abs(t.y) >= abs(t.x) }
        return abs(t.y) >= abs(t.x) && t.y > 0
    }

    /// What the target action decides at `.began`: EasyTransitions starts only when the
    /// velocity then points at the dismiss edge (strict, L62); the others begin every pan
    /// `shouldBegin` let through.
    private func beginsAtBegan(velocity v: Vector2) -> Bool {
        switch port {
        case .card, .transition: return true
        case .easy:
            if bug == .easyBeginsOnAnyPan { return true }
            if bug == .easyBeginsStillPan { return v.y >= 0 }
            return v.y > 0
        }
    }

    /// The release decision, as each library makes it.
    private func decide(progress p: Double, velocity v: Vector2) -> Bool {
        switch port {
        case .card:
            let vy = bug == .flickDirectionFlipped ? -v.y : v.y
            let flick = bug == .flickSlower ? 990.0 : bug == .flickFaster ? 1010 : 1000
            if bug != .flicksIgnored {
                if bug == .cancelFlickStrict ? vy < -1000 : vy <= -1000 { return false }
                if bug == .flickStrict ? vy > flick : vy >= flick { return true }
            }
            if bug == .alwaysCancels { return false }
            let threshold = bug == .thresholdLower ? 0.39 : bug == .thresholdHigher ? 0.41 : 0.4
            return bug == .thresholdAtOrAbove ? p >= threshold : p > threshold
        case .transition:
            // A flick decides first, either way, by the magnitude and the dominant axis.
            let speed = bug == .transitionFlickOnAxis ? abs(v.y) : v.length
            if speed >= 1200, abs(v.y) >= abs(v.x) { return v.y > 0 }
            return p > (bug == .transitionThresholdPointThree ? 0.3 : 1.0 / 3)
        case .easy:
            let passes = bug == .easyThresholdAtOrAbove ? p >= 0.5 : p > 0.5
            let flick = bug == .easyFlickAtOrAbove ? v.y > 100 : v.y >= 100
            let veto = bug == .easyVetoIgnored ? false : v.y <= -5
            return (passes || flick) && !veto
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
