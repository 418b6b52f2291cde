@_spi(Pipeline) import TouchTapeEvents
import TouchTapePan
import TouchTapeDismissal

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
        let clamp = t.settings.progressClamp
        let edge = t.settings.edge
        let samples = t.samples, updates = t.updates
        var lookup = SampleLookup(updates: updates, samples: samples)
        let free = { (raw: Double) in raw > clamp.lowerBound && raw < clamp.upperBound }
        var compared = 0
        // Each update sent to UIKit against the one sent before it (read in place: a filtered
        // copy of the updates and of their times was a third of this check, issue 26).
        var previous: (update: Int, sample: Int?)?
        for j in updates.indices where updates[j].sentToUIKit {
            let sb = lookup.index(at: updates[j].time)
            defer { previous = (j, sb) }
            guard let (i, sa) = previous, let sa, let sb else { continue }
            let a = updates[i], b = updates[j]
            let dAxis = edge.component(of: samples[sb].translation) - edge.component(of: samples[sa].translation)
            let dP = b.progress - a.progress
            compared += 1
            let moved = abs(dAxis) > Self.axisTolerance
            let progressed = abs(dP) > Self.progressTolerance
            if free(a.rawProgress) && free(b.rawProgress) {
                if moved && (!progressed || (dP > 0) != (dAxis > 0)) {
                    return fail("t=\(fmt: a.time)→\(fmt: b.time) s: pan moved \(fmt: dAxis) \(t.settings.unit.symbol) along \(edge) but progress changed \(fmt: dP)")
                }
                if !moved && progressed {
                    return fail("t=\(fmt: a.time)→\(fmt: b.time) s: no movement along \(edge) but progress changed \(fmt: dP)")
                }
            } else {
                if progressed && moved && (dP > 0) != (dAxis > 0) {
                    return fail("t=\(fmt: a.time)→\(fmt: b.time) s: clamped progress moved \(fmt: dP) against the pan (\(fmt: dAxis) \(t.settings.unit.symbol))")
                }
                let sameBound = (a.rawProgress <= clamp.lowerBound && b.rawProgress <= clamp.lowerBound)
                    || (a.rawProgress >= clamp.upperBound && b.rawProgress >= clamp.upperBound)
                if sameBound && progressed {
                    return fail("t=\(fmt: a.time)→\(fmt: b.time) s: progress changed \(fmt: dP) while clamped at a bound")
                }
            }
        }
        return compared == 0 ? skip("fewer than two progress updates")
                             : pass("\(compared) steps follow the pan along \(edge)")
    }

    /// The index of the first sample at a time, `nil` where none is, for the times of the
    /// updates sent to UIKit asked in order: one walk when both are in time order (they are,
    /// as a replay makes them; a dictionary of every sample was a twentieth of a probed
    /// replay), else a look-up. Indices, not samples: a sample's copy retains its velocity's
    /// storage (a tenth of a probed replay's checks).
    struct SampleLookup {
        private let samples: [PanSample]
        /// Every time's first sample, when the walk cannot be used.
        private let byTime: [Double: Int]?
        /// Where the walk is.
        private var next = 0

        init(updates: [ProgressUpdate], samples: [PanSample]) {
            self.samples = samples
            var ordered = true
            for i in samples.indices.dropFirst() where samples[i - 1].time > samples[i].time { ordered = false; break }
            var last = -Double.infinity
            for u in updates where u.sentToUIKit {
                if u.time < last { ordered = false; break }
                last = u.time
            }
            guard !ordered else { byTime = nil; return }
            var byTime: [Double: Int] = [:]
            for i in samples.indices where byTime[samples[i].time] == nil { byTime[samples[i].time] = i }
            self.byTime = byTime
        }

        /// The first sample at `time`; asked for the sent updates' times in their order.
        mutating func index(at time: Double) -> Int? {
            if let byTime { return byTime[time] }
            while next < samples.count, samples[next].time < time { next += 1 }
            return next < samples.count && samples[next].time == time ? next : nil
        }
    }
}
