@_spi(Pipeline) import TouchTapeContract
@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal

/// A variant of a real track, driven to a boundary of the declared rules: its pan samples
/// transformed (never replaced by a synthetic straight line) so that the release lands on
/// either side of the threshold, of the flick velocity, of the flick back, past the end of
/// the progress or before its start, or at another pace. The outcome it must have is what
/// the declared rules say of the transformed samples: the same rules the checks hold the
/// controller to.
///
/// A bundled recording's releases sit far from every boundary, so a controller with `>=`
/// for `>`, a threshold of 0.3 for 1/3 or an unclamped progress passed them all. A pair of
/// probes stands on the two adjacent representable values around the point where the
/// declared rules' outcome flips: any controller that puts the boundary elsewhere, by a
/// comparison or a constant, decides one of the two differently.
package struct Probe: Hashable, Sendable {
    /// How the track was transformed. `-1`, `+0`, `+1`: one representable step below the
    /// boundary, exactly on it, one step above.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The pan scaled along the dismiss axis so the release's progress is one step below
        /// the threshold (rules without a threshold: the last scale before the outcome flips).
        case thresholdBelow = "threshold-1"
        /// … exactly on the threshold.
        case thresholdOn = "threshold+0"
        /// … one step above it (rules without a threshold: the first scale after the flip).
        case thresholdAbove = "threshold+1"
        /// The release velocity straight towards the dismiss edge, one step below the flick minimum.
        case flickBelow = "flick-1"
        /// … exactly the flick minimum.
        case flickOn = "flick+0"
        /// … one step above.
        case flickAbove = "flick+1"
        /// The flick minimum as the 2-D magnitude of a diagonal release (3-4-5: exact), whose
        /// component along the axis is only 4/5 of it: where magnitude and projection differ.
        case flickDiagonal = "flick-diagonal"
        /// The flick minimum as the magnitude of a release mostly across the axis (3-4-5: the
        /// larger part across): an off-axis release, which a rule with no axis test takes for
        /// a flick and one that cancels fast sideways releases decides otherwise.
        case flickSideways = "flick-sideways"
        /// A release exactly as fast across the axis as along it towards the edge, its
        /// magnitude the flick minimum × √2 (each part the minimum): the tie a flick judged on
        /// the 2-D magnitude with the dominant axis's direction breaks one way (Transition's:
        /// to the vertical axis). Rules that judge the magnitude only.
        case flickTie = "flick-tie"
        /// The release velocity away from the dismiss edge, one step short of the cancel
        /// velocity rule's limit.
        case flickBackBelow = "flick-back-1"
        /// … exactly on it.
        case flickBackOn = "flick-back+0"
        /// … one step past it.
        case flickBackAbove = "flick-back+1"
        /// The cancel rule's limit as the magnitude of a diagonal release away from the edge
        /// (3-4-5), whose part along the axis is only 4/5 of it: where a back flick judged on
        /// the magnitude and one judged along the axis differ.
        case flickBackDiagonal = "flick-back-diagonal"
        /// The pan stretched until the release's progress is 1.5: progress must stay in 0…1.
        case overshoot
        /// The pan bent back past its start: the release's progress is −0.3.
        case reverse
        /// The whole pan turned a quarter so it starts (and goes) sideways: the rules say
        /// whether such a pan may start the dismissal.
        case startSideways = "start-sideways"
        /// The whole pan turned half round: it starts against the dismiss edge.
        case startAgainst = "start-against"
        /// The movement before recognition (what `shouldBegin` reads) turned to an exact
        /// diagonal, as far across the axis as along it towards the edge: the tie a begin rule
        /// on the dominant direction breaks one way (Transition's: to the vertical axis, so a
        /// vertical dismissal begins and a horizontal one must not). Rules that begin on the
        /// direction only.
        case startDiagonal = "start-diagonal"
        /// The whole track at half speed (times × 2, velocities ÷ 2).
        case slower = "time-x2"
        /// The whole track at double speed.
        case faster = "time-x0.5"
        /// The pan as a digitiser reporting at 60 Hz would give it: translations
        /// interpolated at that rate, the release velocity estimated again from them alone.
        case rate60 = "rate-60"
        /// The same at 120 Hz.
        case rate120 = "rate-120"
        /// The same at 240 Hz.
        case rate240 = "rate-240"
        /// The release taken by the system instead (`.cancelled`: a call, the app sent to the
        /// background): the rules decide it as a release or ignore it; a controller that
        /// handles `.ended` alone leaves the transition half-way.
        case cancelledRelease = "cancelled"
        /// The track through a controller that has just handled a pan the rules cancel (the
        /// `reverse`, else the `flick-back+1`, else the `threshold-1` probe's), its completion
        /// run to the end: UIKit hands a view controller's interaction controller every pan
        /// after a cancelled one, and a flag or a start point not reset then leaves the next
        /// pan wrong.
        case afterCancel = "after-cancel"

        /// The report rate a `rate-N` probe resamples to.
        var rate: Double? {
            switch self {
            case .rate60: 60
            case .rate120: 120
            case .rate240: 240
            default: nil
            }
        }
    }

    /// How the track was transformed.
    package var kind: Kind
    /// The transformed pan samples.
    package var samples: [PanSample]
    /// What the declared rules decide for them.
    package var expected: Outcome
    /// Whether the declared rules start a transition for them at all (a probe whose rules
    /// refuse it is labelled "must not dismiss").
    package var startsTransition: Bool
    /// The declared rules' own run of the samples (TouchTape's controller under them): a
    /// built-in profile's replay of the probe is exactly this run, not made twice.
    package var rulesRun: DismissalRunResult?
    /// The transformation and what it gives, in words: `pan × 0.589134…: release progress
    /// 0.333333 → cancel`.
    package var detail: String
    /// A pan played through the same controller before ``samples`` (`after-cancel`), to its
    /// completion's end; its run is not reported. `nil`: a fresh controller.
    package var prelude: [PanSample]?

    /// The name reports and `--probe` use: `threshold+`, `time-x2`.
    package var name: String { kind.rawValue }

    /// A probe from its parts.
    package init(kind: Kind, samples: [PanSample], expected: Outcome, startsTransition: Bool = true, detail: String,
                 rulesRun: DismissalRunResult? = nil, prelude: [PanSample]? = nil) {
        self.kind = kind
        self.prelude = prelude
        self.samples = samples
        self.expected = expected
        self.startsTransition = startsTransition
        self.detail = detail
        self.rulesRun = rulesRun
    }
}

/// Derives the ``Probe``s of a track from its pan samples and the declared rules.
package enum ProbeMaker {
    /// The probes of one track, in ``Probe/Kind`` order, and the kinds that could not be made
    /// (a track with no release has no threshold to cross; rules whose outcome never flips
    /// along a transformation have no boundary on it).
    ///
    /// Deterministic: the same samples and rules give the same probes, in the same order.
    ///
    /// `velocity`: the estimator the `rate-N` probes estimate their velocities with (the
    /// replay's own).
    package static func probes(from samples: [PanSample], rules: DismissalSettings,
                              velocity: VelocityStrategy = .leastSquares) -> (probes: [Probe], notMade: [Probe.Kind]) {
        guard let release = samples.lastIndex(where: { $0.phase == .ended || $0.phase == .cancelled }),
              samples.contains(where: { $0.phase == .began }) else {
            return ([], Probe.Kind.allCases)
        }
        let oracleRun = { (samples: [PanSample]) -> DismissalRunResult in
            DismissalRun.run(controller: DismissalController(settings: rules), samples: samples)
        }
        let oracle = { (samples: [PanSample]) -> Outcome in oracleRun(samples).outcome }
        var made: [Probe] = []
        var notMade: [Probe.Kind] = []
        // The probes that change only the release's velocity share the rules' run up to the
        // release: it is made once and branched (the same run as a whole one, as a test
        // holds; seven whole runs were a sixth of a probed replay, issue 26).
        var beforeRelease: DismissalDriver<DismissalController>?
        func runFromRelease(_ transformed: [PanSample]) -> DismissalRunResult {
            if beforeRelease == nil {
                var driver = DismissalDriver(controller: DismissalController(settings: rules), settings: rules)
                driver.feed(contentsOf: samples[..<release])
                beforeRelease = driver
            }
            var driver = beforeRelease!.branch()
            driver.feed(contentsOf: transformed[release...])
            return driver.result
        }
        // The words are ``Words``: as `String` interpolations they were a twentieth of making
        // the probes (issue 26).
        func add(_ kind: Probe.Kind, _ transformed: [PanSample]?, _ words: Words, fromRelease: Bool = false,
                 run: DismissalRunResult? = nil) {
            guard let transformed else { notMade.append(kind); return }
            let result = run ?? (fromRelease ? runFromRelease(transformed) : oracleRun(transformed))
            // The transformed pan's own release (a resampled one has its own number of samples).
            let released = transformed.last { $0.phase == .ended || $0.phase == .cancelled } ?? transformed[transformed.count - 1]
            let detail: Words = "\(words): release progress \(fixed: rules.rawProgress(of: released.translation), 6) → \(result.outcome)"
            made.append(Probe(kind: kind, samples: transformed, expected: result.outcome, startsTransition: result.began,
                              detail: detail.text, rulesRun: result))
        }
        func pair(_ below: Probe.Kind, _ above: Probe.Kind, _ family: (Double) -> [PanSample], upTo limit: Double, _ what: StaticString) {
            guard let (low, high) = boundary(family, from: 0, to: limit, oracle: oracle) else {
                notMade += [below, above]
                return
            }
            add(below, family(low), "\(what) × \(shortest(low)) (last before the outcome flips)")
            add(above, family(high), "\(what) × \(shortest(high)) (first after it flips)")
        }

        // Threshold: the pan along the dismiss axis, scaled so the fraction the rules test at
        // the release lands one step below, on and one step above the threshold (the
        // divisor's own rounding included). That fraction is the release's own (a raw
        // fraction), or the one UIKit holds: the last update's, which a library that sends
        // none at `.ended` (Transition) took from an earlier sample. Scaled to land the
        // release, that sample ended an ulp or so off (threshold+0 of a touchpad track held
        // 0.33333333333333337 and finished, as +1 did), or far off where the rules stop the
        // updates early (rules that keep `maximumTouches`, as a profile's own settings do
        // outside a replay, at a second finger: every threshold probe of a track held 0.16;
        // a replay's recognizer enforces that count instead, and its rules keep none).
        let fractionAlone: Bool
        var decisive = release
        switch rules.decisionInput {
        case .clampedFraction:
            fractionAlone = rules.rule != .anchored
            let rule = ProgressRule(settings: rules)
            decisive = samples[...release].lastIndex(where: rule.sends) ?? release
        case .rawFraction: fractionAlone = rules.rule != .anchored
        case .positionVsAnchor, .projection, .distance: fractionAlone = false
        }
        let decisiveAlong = rules.edge.component(of: samples[decisive].translation)
        if !fractionAlone {
            // PhotoZoomAnimator's anchor test, a projection (the velocity moves the position),
            // a distance or Compose's anchors: not a fraction alone, so the flip is searched.
            thresholdByBisection()
        } else if let threshold = rules.completionThreshold, abs(decisiveAlong) > 1e-9 {
            // Checked against the rules' run, which tests the fraction; where it is not the
            // sample's own (a held sum of steps, `updateProgressAsStep`), the landing is moved
            // until the run tests the threshold. Where the run tests none (the rules refuse the
            // pan), the sample's own fraction stands. The runs are kept for the probes: where
            // the landing holds, nothing runs twice.
            let tested = { (decision: Decision?) -> Double? in
                if case .clampedFraction = rules.decisionInput { return decision?.progress }
                return decision?.rawProgress
            }
            var runs: [Double: (samples: [PanSample], run: DismissalRunResult)] = [:]
            let (below, on, above) = heldLanding(on: threshold, near: landing(on: threshold, rules: rules)) { along in
                guard let pan = landed(samples, at: decisive, along: along, rules: rules) else { return along / rules.divisor }
                let run = oracleRun(pan)
                runs[along] = (pan, run)
                return tested(run.decision) ?? along / rules.divisor
            }
            for (kind, along) in [(Probe.Kind.thresholdBelow, below), (.thresholdOn, on), (.thresholdAbove, above)] {
                let words: Words = decisive == release ? "pan scaled to release at \(along) \(rules.unit.symbol)"
                    : "pan scaled to hold \(along) \(rules.unit.symbol) at its last update before the release"
                if let ran = runs[along] { add(kind, ran.samples, words, run: ran.run) } else {
                    add(kind, landed(samples, at: decisive, along: along, rules: rules), words)
                }
            }
        } else {
            thresholdByBisection()
        }
        func thresholdByBisection() {
            let releaseProgress = rules.rawProgress(of: samples[release].translation)
            guard releaseProgress.isFinite, abs(releaseProgress) > 1e-9 else {
                notMade += [.thresholdBelow, .thresholdOn, .thresholdAbove]
                return
            }
            notMade.append(.thresholdOn)   // no threshold to stand on: the flip alone
            pair(.thresholdBelow, .thresholdAbove, { alongAxis(samples, rules.edge, scale: $0) },
                 upTo: 2 / abs(releaseProgress), "pan")
        }
        // Flick: the release velocity straight towards the edge, at the flick minimum and a
        // step either side; and the minimum as the magnitude of a 3-4-5 diagonal.
        let forward = towards(rules.edge)
        if let flick = rules.flick {
            let v = flick.minimumVelocity
            for (kind, speed) in [(Probe.Kind.flickBelow, v.nextDown), (.flickOn, v), (.flickAbove, v.nextUp)] {
                add(kind, releaseVelocity(samples, release, forward * speed), "release velocity \(speed) \(rules.unit.symbol)/s towards the edge",
                    fromRelease: true)
            }
            // A minimum of 0 has no magnitude to stand a diagonal on (both would be at rest).
            if v > 0 {
                let cross = across(rules.edge)
                let diagonal = forward * (v / 5 * 4) + cross * (v / 5 * 3)
                add(.flickDiagonal, releaseVelocity(samples, release, diagonal),
                    "release velocity (\(diagonal.x), \(diagonal.y)) \(rules.unit.symbol)/s: magnitude \(v), along the axis \(v / 5 * 4)",
                    fromRelease: true)
                let sideways = forward * (v / 5 * 3) + cross * (v / 5 * 4)
                add(.flickSideways, releaseVelocity(samples, release, sideways),
                    "release velocity (\(sideways.x), \(sideways.y)) \(rules.unit.symbol)/s: magnitude \(v), mostly across the axis",
                    fromRelease: true)
                if rules.velocityMeasure == .magnitude2D {
                    let tie = forward * v + cross * v
                    add(.flickTie, releaseVelocity(samples, release, tie),
                        "release velocity (\(tie.x), \(tie.y)) \(rules.unit.symbol)/s: as fast across the axis as along it", fromRelease: true)
                } else {
                    notMade.append(.flickTie)
                }
            } else {
                notMade += [.flickDiagonal, .flickSideways, .flickTie]
            }
        } else {
            notMade += [.flickBelow, .flickOn, .flickAbove, .flickDiagonal, .flickSideways, .flickTie]
        }
        // Flick back: the release velocity along the axis at the cancel rule's limit and a
        // step either side (the opposite flick's minimum, EasyTransitions' −5, PhotoZoom's 0).
        let backLimit: Double? = switch rules.cancelVelocity {
        // `0 - v`, not `-v`: a minimum of 0 gives 0, not −0 ("release velocity -0.0").
        case .oppositeFlick?: rules.flick.map { 0 - $0.minimumVelocity }
        case .atOrBelow(let limit)?: limit
        case .below(let limit)?: limit
        case nil: nil
        }
        if let limit = backLimit {
            for (kind, along) in [(Probe.Kind.flickBackBelow, limit.nextUp), (.flickBackOn, limit), (.flickBackAbove, limit.nextDown)] {
                add(kind, releaseVelocity(samples, release, forward * along), "release velocity \(along) \(rules.unit.symbol)/s along the edge",
                    fromRelease: true)
            }
        } else {
            notMade += [.flickBackBelow, .flickBackOn, .flickBackAbove]
        }
        // A limit of 0 (any velocity away cancels) has no magnitude to stand a diagonal on.
        if let limit = backLimit, limit < 0 {
            let m = -limit
            let diagonal = forward * (0 - m / 5 * 4) + across(rules.edge) * (m / 5 * 3)
            add(.flickBackDiagonal, releaseVelocity(samples, release, diagonal),
                "release velocity (\(diagonal.x), \(diagonal.y)) \(rules.unit.symbol)/s: magnitude \(m) away from the edge, along the axis \(0 - m / 5 * 4)",
                fromRelease: true)
        } else {
            notMade.append(.flickBackDiagonal)
        }
        // Past the end and before the start.
        let releaseProgress = rules.rawProgress(of: samples[release].translation)
        if releaseProgress.isFinite, abs(releaseProgress) > 1e-9 {
            add(.overshoot, alongAxis(samples, rules.edge, scale: 1.5 / releaseProgress), "pan stretched to progress 1.5")
        } else {
            notMade.append(.overshoot)
        }
        add(.reverse, bentBack(samples, release: release, rules: rules, to: -0.3), "pan bent back past its start")
        add(.startSideways, rotated(samples, quarterTurns: 1), "pan turned a quarter (sideways)")
        add(.startAgainst, rotated(samples, quarterTurns: 2), "pan turned half round (against the edge)")
        if rules.beginRule == .translationEdge, let diagonal = diagonalStart(samples, edge: rules.edge) {
            add(.startDiagonal, diagonal.samples, "movement before recognition (\(diagonal.at.x), \(diagonal.at.y)) \(rules.unit.symbol): as far across the axis as along it")
        } else {
            notMade.append(.startDiagonal)
        }
        add(.slower, timeWarped(samples, by: 2), "track at half speed")
        add(.faster, timeWarped(samples, by: 0.5), "track at double speed")
        for (kind, rate) in [(Probe.Kind.rate60, 60.0), (.rate120, 120), (.rate240, 240)] {
            add(kind, resampled(samples, release: release, at: rate, velocity: velocity),
                "pan resampled at \(Int(rate)) Hz, its release velocity estimated again (\(velocity.rawValue))")
        }
        // The release taken by the system: only the release's phase changes, so the rules'
        // run branches at the release as the flick probes' do.
        if samples[release].phase == .ended {
            var cancelled = samples
            cancelled[release].phase = .cancelled
            add(.cancelledRelease, cancelled, "release turned into .cancelled (the system took the touches)", fromRelease: true)
        } else {
            notMade.append(.cancelledRelease)
        }
        // The controller used again after a cancel: first a probe's pan the rules cancel (a
        // transition begun and cancelled: the bent-back pan, else the release flicked back,
        // else the pan scaled below the threshold), then the track, which the rules decide as
        // if the controller were fresh. Its run is a second pan through the same controller,
        // so it is never the rules' single run.
        let cancelling = [Probe.Kind.reverse, .flickBackAbove, .thresholdBelow].lazy.compactMap { kind in
            made.first { $0.kind == kind && $0.expected == .cancel && $0.startsTransition }
        }.first
        if let cancelling {
            // The track's own samples from the release on: the rules' run branched there is
            // its whole run (as the flick probes' are).
            let result = runFromRelease(samples)
            let detail: Words = "the track through the controller that has just cancelled the \(cancelling.name) probe's pan, "
                + "1 s after its completion ended: release progress \(fixed: rules.rawProgress(of: samples[release].translation), 6) → \(result.outcome)"
            made.append(Probe(kind: .afterCancel, samples: samples, expected: result.outcome, startsTransition: result.began,
                              detail: detail.text, prelude: cancelling.samples))
        } else {
            notMade.append(.afterCancel)
        }
        // Put in kind order by swapping (moves: the standard sort copied each probe it
        // looked at, retaining its samples, words and run one by one).
        let order = Probe.Kind.allCases
        let rank = { (i: Int) in order.firstIndex(of: made[i].kind)! }
        for i in made.indices.dropFirst() {
            var j = i
            while j > 0, rank(j - 1) > rank(j) {
                made.swapAt(j - 1, j)
                j -= 1
            }
        }
        return (made, notMade)
    }

    // MARK: Landing on a boundary

    /// The translation along the dismiss axis whose progress under `rules` is exactly
    /// `fraction` where one is (else the nearest below): `fraction × divisor`, nudged by
    /// representable steps until the division gives the fraction back.
    static func landing(on fraction: Double, rules: DismissalSettings) -> Double {
        var along = fraction * rules.divisor
        for _ in 0..<8 {
            let progress = along / rules.divisor
            if progress == fraction { return along }
            along = progress < fraction ? along.nextUp : along.nextDown
        }
        return along
    }

    /// The translations that land the fraction `held` gives (the one the rules' run tests at
    /// the release) on `fraction` and one representable step either side: from `near` (the
    /// translation whose plain fraction is `fraction`), moved a step at a time until the
    /// tested fraction is `fraction` (at most 16; else the nearest below stays), then the
    /// nearest translations below and above it whose tested fraction is below and above it.
    static func heldLanding(on fraction: Double, near: Double,
                            held: (Double) -> Double) -> (below: Double, on: Double, above: Double) {
        var on = near
        var progress = held(near)
        for _ in 0..<16 where progress != fraction {
            let next = progress < fraction ? on.nextUp : on.nextDown
            let p = held(next)
            // Past the fraction from below: the one below it stays.
            if progress < fraction, p > fraction { break }
            on = next
            progress = p
        }
        func step(down: Bool) -> Double {
            var next = on
            for _ in 0..<64 {
                next = down ? next.nextDown : next.nextUp
                if down ? held(next) < fraction : held(next) > fraction { return next }
            }
            return next
        }
        return (step(down: true), on, step(down: false))
    }

    /// The track scaled along the dismiss axis so that its sample `index` (the release, or
    /// the last update before it) is exactly `along` points towards the edge (the other
    /// samples in proportion, velocities as recorded).
    static func landed(_ samples: [PanSample], at index: Int, along: Double, rules: DismissalSettings) -> [PanSample]? {
        let now = rules.edge.component(of: samples[index].translation)
        guard abs(now) > 1e-9 else { return nil }
        var scaled = alongAxis(samples, rules.edge, scale: along / now)
        switch rules.edge.axis {
        case .vertical: scaled[index].translation.y = rules.edge.sign * along
        case .horizontal: scaled[index].translation.x = rules.edge.sign * along
        }
        return scaled
    }

    // MARK: The search

    /// Steps of the first, coarse look along a family for where the outcome flips.
    static let gridSteps = 64

    /// The two adjacent representable scales around the first flip between finish and
    /// cancel along `family`, between `from` and `to`; `nil` when there is none. A flip to or
    /// from "no transition" (a begin rule) is not a decision boundary and is passed over.
    static func boundary(_ family: (Double) -> [PanSample], from: Double, to: Double,
                         oracle: ([PanSample]) -> Outcome) -> (Double, Double)? {
        let decided: Set<Outcome> = [.finish, .cancel]
        var previous = (scale: from, outcome: oracle(family(from)))
        var bracket: (Double, Double)?
        for step in 1...gridSteps {
            let scale = from + (to - from) * Double(step) / Double(gridSteps)
            let outcome = oracle(family(scale))
            if outcome != previous.outcome, decided.contains(outcome), decided.contains(previous.outcome) {
                bracket = (previous.scale, scale)
                break
            }
            previous = (scale, outcome)
        }
        guard var (low, high) = bracket else { return nil }
        let lowOutcome = oracle(family(low))
        // Bisection down to neighbouring doubles (at most ~1100 halvings; in practice ~60).
        while low.nextUp < high {
            let middle = low + (high - low) / 2
            if middle <= low || middle >= high { break }
            if oracle(family(middle)) == lowOutcome { low = middle } else { high = middle }
        }
        return (low, high)
    }

    // MARK: The transformations

    /// Every sample's translation along the dismiss axis times `scale`. The velocities and
    /// the movement before the slop stay as recorded, so the begin rules and the flick see
    /// the same start and release and only the position moves across the threshold.
    static func alongAxis(_ samples: [PanSample], _ edge: DismissEdge, scale: Double) -> [PanSample] {
        samples.map { s in
            var s = s
            switch edge.axis {
            case .vertical: s.translation.y *= scale
            case .horizontal: s.translation.x *= scale
            }
            return s
        }
    }

    /// The release sample's velocity replaced.
    static func releaseVelocity(_ samples: [PanSample], _ release: Int, _ velocity: Vector2) -> [PanSample] {
        var samples = samples
        samples[release].velocity = velocity
        return samples
    }

    /// The unit vector straight towards the dismiss edge.
    static func towards(_ edge: DismissEdge) -> Vector2 {
        switch edge.axis {
        case .vertical: return Vector2(x: 0, y: edge.sign)
        case .horizontal: return Vector2(x: edge.sign, y: 0)
        }
    }

    /// A unit vector across the dismiss axis.
    static func across(_ edge: DismissEdge) -> Vector2 {
        edge.axis == .vertical ? Vector2(x: 1, y: 0) : Vector2(x: 0, y: 1)
    }

    /// The pan with a ramp along the dismiss axis subtracted, growing with time from the
    /// first sample to the release, so that the release's progress is `target`: the start
    /// is the recorded one, the end goes back past where the fingers began.
    static func bentBack(_ samples: [PanSample], release: Int, rules: DismissalSettings, to target: Double) -> [PanSample]? {
        let first = samples[0].time, last = samples[release].time
        guard last > first else { return nil }
        let now = rules.edge.component(of: samples[release].translation)
        let wanted = target * rules.divisor
        let ramp = now - wanted   // points to take away by the release
        let rate = ramp / (last - first)
        let edge = rules.edge
        // The velocities change when read: a deferred one is not fitted here (issue 26).
        let bend: @Sendable (Vector2) -> Vector2 = { velocity in
            var v = velocity
            switch edge.axis {
            case .vertical: v.y -= edge.sign * rate
            case .horizontal: v.x -= edge.sign * rate
            }
            return v
        }
        return transformed(samples, velocity: bend) { s in
            let taken = ramp * min(1, max(0, (s.time - first) / (last - first)))
            switch rules.edge.axis {
            case .vertical:
                s.translation.y -= rules.edge.sign * taken
            case .horizontal:
                s.translation.x -= rules.edge.sign * taken
            }
        }
    }

    /// Every translation and velocity turned by `quarterTurns` × 90° (exact: components
    /// swapped and negated, no trigonometry).
    static func rotated(_ samples: [PanSample], quarterTurns: Int) -> [PanSample] {
        @Sendable func turn(_ v: Vector2) -> Vector2 {
            switch quarterTurns % 4 {
            case 1: return Vector2(x: -v.y, y: v.x)
            case 2: return Vector2(x: -v.x, y: -v.y)
            case 3: return Vector2(x: v.y, y: -v.x)
            default: return v
            }
        }
        return transformed(samples, velocity: turn) { s in
            s.translation = turn(s.translation)
            s.slopTranslation = turn(s.slopTranslation)   // the movement shouldBegin reads turns too
        }
    }

    /// The samples with the began one's movement before recognition turned to an exact
    /// diagonal towards the edge: along the axis and across it each the larger part of the
    /// recorded movement. `nil` without a began sample or with no such movement.
    static func diagonalStart(_ samples: [PanSample], edge: DismissEdge) -> (samples: [PanSample], at: Vector2)? {
        guard let began = samples.firstIndex(where: { $0.phase == .began }) else { return nil }
        let slop = samples[began].slopTranslation
        let m = max(abs(slop.x), abs(slop.y))
        guard m > 0, m.isFinite else { return nil }
        var samples = samples
        let at = towards(edge) * m + across(edge) * m
        samples[began].slopTranslation = at
        return (samples, at)
    }

    /// The track played `factor` times slower: times from the first sample × `factor`,
    /// velocities ÷ `factor`.
    static func timeWarped(_ samples: [PanSample], by factor: Double) -> [PanSample] {
        guard let first = samples.first?.time else { return samples }
        return transformed(samples, velocity: { $0 * (1 / factor) }) { s in
            s.time = first + (s.time - first) * factor
        }
    }

    /// The samples `offset` seconds later (velocities as they were, deferred ones too).
    static func shifted(_ samples: [PanSample], by offset: Double) -> [PanSample] {
        var samples = samples
        for i in samples.indices { samples[i].time += offset }
        return samples
    }

    /// `samples` with every velocity `transform`ed (a known one now, a deferred one when
    /// read: a whole pan's need not be fitted, issue 26) and then `change` made to each. The
    /// samples are made from the recorded ones' fields and the deferred velocities share one
    /// source that keeps the recorded samples, so a sample costs one reference, not a copy
    /// of the recorded one and of its velocity.
    static func transformed(_ samples: [PanSample], velocity transform: @escaping @Sendable (Vector2) -> Vector2,
                            _ change: (inout PanSample) -> Void) -> [PanSample] {
        var velocities = ComputedVelocities { transform(samples[$0].velocityEstimate.value) }
        var out: [PanSample] = []
        out.reserveCapacity(samples.count)
        for i in samples.indices {
            let velocity = velocities.velocity(i, deferred: samples[i].velocityEstimate.isDeferred)
            var sample = PanSample(time: samples[i].time, phase: samples[i].phase, translation: samples[i].translation,
                                   velocityEstimate: velocity, fingerCount: samples[i].fingerCount,
                                   slopTranslation: samples[i].slopTranslation)
            change(&sample)
            out.append(sample)
        }
        return out
    }

    /// The pan from its began sample to its release as a digitiser reporting at `rate` Hz
    /// would give it: the began sample as it was (what `shouldBegin` read), then a sample
    /// every 1/`rate` s with the translation (and the velocity) interpolated between the
    /// recorded ones, and the release at its own time and place, its velocity estimated
    /// again by `velocity`'s tracker from the resampled positions alone: the velocity the
    /// decision reads is the one the other rate gives. (Estimating every sample's again cost
    /// a fifth of a probed replay; a controller reads the velocity of a `.changed` sample
    /// seldom, and the interpolated one is what a finer or coarser tracker would show.)
    /// `nil` when the pan is too short to have a sample between its start and its release.
    static func resampled(_ samples: [PanSample], release: Int, at rate: Double, velocity: VelocityStrategy) -> [PanSample]? {
        guard let began = samples.firstIndex(where: { $0.phase == .began }), began < release else { return nil }
        let start = samples[began].time, end = samples[release].time
        let step = 1 / rate
        guard end - start > step else { return nil }
        var tracker = velocity.makeTracker()
        tracker.addSample(time: start, position: samples[began].translation)
        // The resampled times, translations and finger counts first, then their velocities
        // all at once (one source for the whole pan's deferred ones).
        var points: [(time: Double, translation: Vector2, fingers: Int)] = []
        // Each point's velocity: the recorded samples' at `source` and after it, `f` of the
        // way (indices, not velocities: a velocity kept is a reference).
        var between: [(source: Int, f: Double)] = []
        // Room for a pan of the usual length at once (a corrupt time span is not reserved for).
        let expected = (end - start) * rate
        if expected < 100_000 {
            points.reserveCapacity(Int(expected) + 1)
            between.reserveCapacity(Int(expected) + 1)
        }
        var source = began
        var k = 1
        while true {
            let time = start + Double(k) * step
            guard time < end else { break }
            while source + 1 < release, samples[source + 1].time <= time { source += 1 }
            // The two recorded samples around `time`, read in place (a copy of each, with
            // its velocity's storage retained and released, was most of a resampling).
            let aTime = samples[source].time, bTime = samples[source + 1].time
            let f = bTime > aTime ? (time - aTime) / (bTime - aTime) : 1
            let aTranslation = samples[source].translation
            let translation = aTranslation + (samples[source + 1].translation - aTranslation) * f
            tracker.addSample(time: time, position: translation)
            points.append((time, translation, samples[source].fingerCount))
            between.append((source, f))
            k += 1
        }
        // `a + (b − a) × f`: now when both are known, when read when either is deferred (one
        // source for all of those, keeping the recorded samples).
        var velocities = ComputedVelocities { [between] k in
            let (j, f) = between[k]
            let a = samples[j].velocityEstimate.value
            return a + (samples[j + 1].velocityEstimate.value - a) * f
        }
        var out = [samples[began]]
        out.reserveCapacity(points.count + 2)
        for k in points.indices {
            let j = between[k].source
            let velocity = velocities.velocity(k, deferred: samples[j].velocityEstimate.isDeferred
                                                   || samples[j + 1].velocityEstimate.isDeferred)
            out.append(PanSample(time: points[k].time, phase: .changed, translation: points[k].translation,
                                 velocityEstimate: velocity, fingerCount: points[k].fingers))
        }
        var last = samples[release]
        tracker.addSample(time: last.time, position: last.translation)
        last.velocity = tracker.velocity(at: last.time)
        out.append(last)
        return out
    }

    private static func shortest(_ value: Double) -> String { "\(value)" }
}

/// The velocities of a probe's transformed pan, each from its index: computed now where
/// the recorded ones it comes from are known, when read where one is deferred (one source,
/// made on first need, for all of those: it keeps the recorded samples, not a reference a
/// sample).
private struct ComputedVelocities {
    let compute: @Sendable (Int) -> Vector2
    private var shared: PanVelocitySource?

    init(_ compute: @escaping @Sendable (Int) -> Vector2) {
        self.compute = compute
    }

    /// Velocity `k`, deferred when `deferred`.
    mutating func velocity(_ k: Int, deferred: Bool) -> PanVelocity {
        guard deferred else { return PanVelocity(compute(k)) }
        if shared == nil { shared = .computed(compute) }
        return PanVelocity(deferred: shared!, at: k)
    }
}
