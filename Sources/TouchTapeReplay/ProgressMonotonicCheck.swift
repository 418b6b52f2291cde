import TouchTapeEvents
import TouchTapePan

/// `progress-monotonic`: between two consecutive progress updates, progress moves in the
/// same direction as the translation along the dismiss axis whenever it is not clamped,
/// and does not move against it (nor at all, when clamped at the same bound) otherwise.
///
/// "Clamped" means the raw fraction lies at or beyond a bound of the settings' clamp
/// range. Only updates that reached UIKit are compared (a sample the controller did not
/// forward carries the previous value).
package struct ProgressMonotonicCheck: Check {
    /// `progress-monotonic`, as reports and JUnit name this check.
    package let name = "progress-monotonic"
    /// Movement smaller than this (points along the axis) counts as none.
    package static let axisTolerance = 1e-9
    /// Progress changes smaller than this count as none.
    package static let progressTolerance = 1e-12

    /// A fresh instance.
    package init() {}

    /// Judges one transcript.
    package func evaluate(_ t: Transcript) -> CheckResult {
        let sent = t.updates.filter(\.sentToUIKit)
        let matched = Self.sampleIndices(at: sent.map(\.time), in: t.samples)
        let clamp = t.settings.progressClamp
        var compared = 0
        for i in sent.indices.dropLast() {
            let a = sent[i], b = sent[i + 1]
            guard let sa = matched[i], let sb = matched[i + 1] else { continue }
            let dAxis = t.settings.edge.component(of: t.samples[sb].translation) - t.settings.edge.component(of: t.samples[sa].translation)
            let dP = b.progress - a.progress
            let free = { (raw: Double) in raw > clamp.lowerBound && raw < clamp.upperBound }
            compared += 1
            let moved = abs(dAxis) > Self.axisTolerance
            let progressed = abs(dP) > Self.progressTolerance
            if free(a.rawProgress) && free(b.rawProgress) {
                if moved && (!progressed || (dP > 0) != (dAxis > 0)) {
                    return fail("t=\(fmt(a.time))→\(fmt(b.time)) s: pan moved \(fmt(dAxis)) \(t.settings.unit.symbol) along \(t.settings.edge) but progress changed \(fmt(dP))")
                }
                if !moved && progressed {
                    return fail("t=\(fmt(a.time))→\(fmt(b.time)) s: no movement along \(t.settings.edge) but progress changed \(fmt(dP))")
                }
            } else {
                if progressed && moved && (dP > 0) != (dAxis > 0) {
                    return fail("t=\(fmt(a.time))→\(fmt(b.time)) s: clamped progress moved \(fmt(dP)) against the pan (\(fmt(dAxis)) \(t.settings.unit.symbol))")
                }
                let sameBound = (a.rawProgress <= clamp.lowerBound && b.rawProgress <= clamp.lowerBound)
                    || (a.rawProgress >= clamp.upperBound && b.rawProgress >= clamp.upperBound)
                if sameBound && progressed {
                    return fail("t=\(fmt(a.time))→\(fmt(b.time)) s: progress changed \(fmt(dP)) while clamped at a bound")
                }
            }
        }
        return compared == 0 ? skip("fewer than two progress updates")
                             : pass("\(compared) steps follow the pan along \(t.settings.edge)")
    }

    /// The index of the first sample at each of `times`, `nil` where none is: one walk when
    /// both are in time order (they are, as a replay makes them; a dictionary of every
    /// sample was a twentieth of a probed replay), else a look-up. Indices, not samples: a
    /// sample's copy retains its velocity's storage (a tenth of a probed replay's checks).
    static func sampleIndices(at times: [Double], in samples: [PanSample]) -> [Int?] {
        var ordered = true
        for i in samples.indices.dropFirst() where samples[i - 1].time > samples[i].time { ordered = false; break }
        guard ordered, zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            var byTime: [Double: Int] = [:]
            for i in samples.indices where byTime[samples[i].time] == nil { byTime[samples[i].time] = i }
            return times.map { byTime[$0] }
        }
        var j = 0
        return times.map { time in
            while j < samples.count, samples[j].time < time { j += 1 }
            return j < samples.count && samples[j].time == time ? j : nil
        }
    }
}
