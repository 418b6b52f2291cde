import Foundation
@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan

extension DismissalController {
    /// The position half of a decision: did the release position pass, and which test said so.
    struct PositionTest {
        var passes: Bool
        var reason: DecisionReason
        var detail: String
    }

    /// The velocity half: a flick towards the edge, and a cancel-velocity hit.
    struct VelocityTest {
        var forwardFlick = false
        var cancel = false
        var cancelReason: DecisionReason = .veto
        var forwardDetail = ""
        var cancelDetail = ""
    }

    /// Applies ``DismissalSettings/rule`` at the release sample (state: deciding).
    func decide(at sample: PanSample) -> Decision {
        if sample.phase == .cancelled, settings.onGestureCancelled == .ignore {
            return noDecision(sample, reason: .ignoredCancel,
                              detail: words("gesture cancelled; the library decides only on .ended"))
        }
        let position = positionTest(sample)
        let velocity = velocityTest(sample)
        let outcome: Outcome, reason: DecisionReason, detail: String
        switch settings.rule {
        case .flickThenThreshold:
            if velocity.forwardFlick {
                (outcome, reason, detail) = (.finish, .flick, velocity.forwardDetail)
            } else if velocity.cancel {
                (outcome, reason, detail) = (.cancel, velocity.cancelReason, velocity.cancelDetail)
            } else {
                (outcome, reason, detail) = (position.passes ? .finish : .cancel, position.reason, position.detail)
            }
        case .orThenVeto:
            if velocity.cancel {
                (outcome, reason, detail) = (.cancel, velocity.cancelReason, velocity.cancelDetail)
            } else if position.passes {
                (outcome, reason, detail) = (.finish, position.reason, position.detail)
            } else if velocity.forwardFlick {
                (outcome, reason, detail) = (.finish, .flick, velocity.forwardDetail)
            } else {
                (outcome, reason, detail) = (.cancel, position.reason, position.detail)
            }
        case .vetoOnly:
            if velocity.cancel {
                (outcome, reason, detail) = (.cancel, velocity.cancelReason, velocity.cancelDetail)
            } else {
                (outcome, reason, detail) = (position.passes ? .finish : .cancel, position.reason, position.detail)
            }
        case .anchored:
            (outcome, reason, detail) = anchoredDecision(sample, position: position, velocity: velocity)
        }
        return Decision(outcome: outcome, reason: reason, time: sample.time, phase: sample.phase, progress: progress,
                        rawProgress: rawProgress(sample), velocity: sample.velocity, detail: detail)
    }

    /// Compose's `computeTarget` between the start (0) and the dismissed anchor (the
    /// divisor): see ``DismissalSettings/DecisionRule/anchored``.
    func anchoredDecision(_ sample: PanSample, position: PositionTest,
                          velocity: VelocityTest) -> (Outcome, DecisionReason, String) {
        let along = settings.edge.component(of: sample.velocity)
        if along == 0 {
            // At rest: the nearest anchor; the fraction against the threshold (0.5: midway).
            let fraction = progress
            let threshold = settings.completionThreshold ?? 0.5
            let passes = fraction >= threshold
            return (passes ? .finish : .cancel, .threshold,
                    words("no velocity: fraction \(Self.format(fraction)) \(passes ? ">=" : "<") \(Self.format(threshold)), the nearer anchor"))
        }
        if velocity.forwardFlick { return (.finish, .flick, velocity.forwardDetail) }
        if velocity.cancel { return (.cancel, velocity.cancelReason, velocity.cancelDetail) }
        if along > 0 { return (position.passes ? .finish : .cancel, position.reason, position.detail) }
        // Moving back, slowly: measured from the dismissed anchor behind the motion.
        let translation = settings.edge.component(of: sample.translation)
        let fromFar = settings.divisor - translation
        let limit = settings.positionalDistance
        let stays = !settings.thresholdComparison.holds(fromFar, limit)
        return (stays ? .finish : .cancel, .threshold,
                words("moving back: \(Self.format(fromFar)) \(settings.unit.symbol) from the dismissed anchor \(stays ? "not " : "")\(settings.thresholdComparison.symbol) \(Self.format(limit)) \(settings.unit.symbol)"))
    }

    func positionTest(_ sample: PanSample) -> PositionTest {
        let comparison = settings.thresholdComparison
        func thresholdTest(_ fraction: Double, name: @autoclosure () -> String) -> PositionTest {
            guard let threshold = settings.completionThreshold else {
                return PositionTest(passes: true, reason: .threshold, detail: words("\(name()) \(Self.format(fraction)), no threshold"))
            }
            let passes = comparison.holds(fraction, threshold)
            return PositionTest(passes: passes, reason: .threshold,
                                detail: words("\(name()) \(Self.format(fraction)) \(passes ? comparison.symbol : "not \(comparison.symbol)") \(Self.format(threshold))"))
        }
        switch settings.decisionInput {
        case .clampedFraction:
            return thresholdTest(progress, name: "fraction")
        case .rawFraction:
            var fraction = rawProgress(sample)
            switch settings.negativeTranslation {
            case .clamp: fraction = max(fraction, settings.progressClamp.lowerBound)
            case .rawForDecision, .floorDelta: break
            }
            return thresholdTest(fraction, name: "raw fraction")
        case .positionVsAnchor(let imageHeight):
            // PhotoZoomAnimator L59–61: scale s = 1 − progress; the image's frame height after the
            // transform is h0·s, and the centre is moved up by h·(1 − s)/2 (on y only).
            let scale = 1 - clamped(rawProgress(sample))
            let along = settings.edge.component(of: sample.translation)
            let shift: Double
            switch settings.edge.axis {
            case .vertical: shift = imageHeight * scale * (1 - scale) / 2
            case .horizontal: shift = 0
            }
            let offset = along - shift
            if offset < 0 {
                return PositionTest(passes: false, reason: .anchor,
                                    detail: words("image centre \(Self.format(-offset)) \(settings.unit.symbol) short of its anchor"))
            }
            // A threshold added to the anchor test (`--threshold`) holds the fraction UIKit
            // holds, as the checks and the why read it: `1 − scale` here is `1 − (1 − p)`, a
            // few doubles from it, and a probe one step from a threshold of 0 fell between.
            if settings.completionThreshold != nil {
                let test = thresholdTest(progress, name: "fraction")
                if !test.passes { return test }
            }
            return PositionTest(passes: true, reason: .anchor,
                                detail: words("image centre \(Self.format(offset)) \(settings.unit.symbol) past its anchor"))
        case .projection(let seconds, let fromStartOnly):
            let along = settings.edge.component(of: sample.translation)
            if fromStartOnly, along < 0 {
                return PositionTest(passes: false, reason: .threshold,
                                    detail: words("released \(Self.format(-along)) \(settings.unit.symbol) behind its start"))
            }
            let velocity = settings.edge.component(of: sample.velocity)
            return thresholdTest((along + velocity * seconds) / settings.divisor,
                                 name: "projected fraction (\(Self.format(seconds)) s ahead)")
        case .distance(let points):
            let along = settings.edge.component(of: sample.translation)
            let passes = comparison.holds(along, points)
            return PositionTest(passes: passes, reason: .threshold,
                                detail: words("translation \(Self.format(along)) \(settings.unit.symbol) \(passes ? "" : "not ")\(comparison.symbol) \(Self.format(points)) \(settings.unit.symbol)"))
        }
    }

    func velocityTest(_ sample: PanSample) -> VelocityTest {
        let edge = settings.edge
        let along = edge.component(of: sample.velocity)
        var test = VelocityTest()
        var backwardFlick = false
        var backwardDetail = ""
        let across = edge.axis == .vertical ? sample.velocity.x : sample.velocity.y
        let flickAllowed = settings.flick.map { flick in
            (!flick.requiresProgress || progress != 0)
                && flick.crossAxisMargin.map { abs(along) - abs(across) >= $0 } ?? true
        } ?? false
        if let flick = settings.flick, flickAllowed {
            func limit() -> String { "\(flick.comparison.symbol) \(Self.format(flick.minimumVelocity))" }
            // A velocity of 0 (along the axis, or at all) points nowhere, so it is no flick
            // either way, whatever the minimum: under `>=` a minimum of 0 (`--flick-velocity
            // 0`) held both ways. Flutter's fling always has a sign (`_describeFlingGesture`
            // asserts `vx != 0.0` past its gate; docs/toolkit-rules.md 1.5).
            func projected() {
                guard along != 0 else { return }
                if flick.comparison.holds(along, flick.minimumVelocity) {
                    test.forwardFlick = true
                    test.forwardDetail = words("velocity \(Self.format(along)) \(limit()) towards \(edge)")
                } else if flick.comparison.holds(-along, flick.minimumVelocity) {
                    backwardFlick = true
                    backwardDetail = words("velocity \(Self.format(-along)) \(limit()) towards \(edge.opposite)")
                }
            }
            switch settings.velocityMeasure {
            case .magnitude2D:
                let speed = sample.velocity.length
                if speed > 0, flick.comparison.holds(speed, flick.minimumVelocity) {
                    let direction = DismissEdge(dominantDirectionOf: sample.velocity)
                    if direction.axis == edge.axis {
                        let text = words("|v| \(Self.format(speed)) \(limit()) towards \(direction)")
                        if direction == edge {
                            test.forwardFlick = true
                            test.forwardDetail = text
                        } else {
                            backwardFlick = true
                            backwardDetail = text
                        }
                    } else {
                        switch settings.offAxisFlick {
                        case .ignore: break
                        case .projectOntoAxis: projected()
                        }
                    }
                }
            case .projected:
                projected()
            }
        }
        if test.forwardFlick, settings.flick?.blocksForwardFlick(threshold: settings.completionThreshold) == true {
            test.forwardFlick = false   // Flutter: threshold 1.0, the fling slides back
        }
        switch settings.cancelVelocity {
        case nil:
            break
        case .oppositeFlick?:
            if backwardFlick {
                test.cancel = true
                test.cancelReason = .flick
                test.cancelDetail = backwardDetail
            }
        case .atOrBelow(let limit)?:
            if along <= limit {
                test.cancel = true
                test.cancelDetail = words("velocity \(Self.format(along)) <= \(Self.format(limit))")
            }
        case .below(let limit)?:
            if along < limit {
                test.cancel = true
                test.cancelDetail = words("velocity \(Self.format(along)) < \(Self.format(limit))")
            }
        }
        return test
    }

    /// A decision's words, built only when the decision is to be explained
    /// (``explainsDecisions``): margins, sweeps and the settings region decide a release
    /// hundreds of times for its outcome alone, and `String(format:)` was most of their cost
    /// (issue 26). Empty otherwise. Built as ``Words`` (a `String` interpolation's literal
    /// pieces cost more than the numbers).
    func words(_ text: @autoclosure () -> Words) -> String {
        explainsDecisions ? text().text : ""
    }

    /// Four significant digits (C's `%.4g`): enough to tell 0.3333 from 0.3344 in a report.
    static func format(_ value: Double) -> String {
        DecimalText.general4(value) ?? String(format: "%.4g", value)
    }
}
