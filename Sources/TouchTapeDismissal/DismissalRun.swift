import TouchTapePan

/// A whole pan at once: pan samples → any ``InteractiveDismissalController`` (through
/// ``DismissalDriver``) → completion on a
/// ``VirtualClock`` → frames and callbacks. Pure: the controller is a value copied in, the
/// clock only counts frames.
///
/// ```swift
/// let result = DismissalRun.run(controller: DismissalController(profile: .photozoom), samples: samples)
/// result.outcome            // .finish
/// result.completionTime     // release + 0.25 s
/// ```
package enum DismissalRun {
    /// Runs the first pan in `samples` (from its `.began` to its `.ended`/`.cancelled`).
    ///
    /// - The controller's `handlePan` gets every sample from `.began` to the end. No `begin()`
    ///   at `.began` refuses the pan: outcome `.none`, reason `.noTransition`. No `.began` at
    ///   all gives the same. Samples that stop before an end: `.none`, `.noRelease`.
    /// - After the finish/cancel (or animate) call, the completion animation runs on `clock`'s
    ///   frame rate from the release time, then `transitionAnimationEnded`. The callbacks are
    ///   the finish/cancel and `completeTransition` calls at the times they were made: at the
    ///   release, or at the last frame for a controller that calls them in its completion block.
    /// - Parameters:
    ///   - controller: the controller for this pan (a value is copied in).
    ///   - settings: the rules the controller declares (the raw fraction's divisor and edge).
    ///   - samples: the pan samples of one track, in time order.
    ///   - clock: the virtual display the completion animation is stepped on.
    package static func run<Controller: InteractiveDismissalController>(
        controller: Controller, settings: DismissalSettings, samples: [PanSample], clock: VirtualClock = VirtualClock()
    ) -> DismissalRunResult {
        var driver = DismissalDriver(controller: controller, settings: settings, clock: clock)
        driver.reserveCapacity(samples: samples.count)
        driver.feed(contentsOf: samples[...])
        return driver.result
    }

    /// The same with TouchTape's own controller, which declares its own settings.
    package static func run(controller: DismissalController, samples: [PanSample],
                           clock: VirtualClock = VirtualClock()) -> DismissalRunResult {
        run(controller: controller, settings: controller.settings, samples: samples, clock: clock)
    }

    /// How many pans ``pans(in:)`` finds: the `.began` samples.
    package static func panCount(in samples: [PanSample]) -> Int {
        var count = 0
        for i in samples.indices {
            if case .began = samples[i].phase { count += 1 }
        }
        return count
    }

    /// Splits samples into pans, each starting at a `.began` (samples before the first are dropped).
    package static func pans(in samples: [PanSample]) -> [ArraySlice<PanSample>] {
        let starts = samples.indices.filter { samples[$0].phase == .began }
        return starts.enumerated().map { offset, start in
            let end = offset + 1 < starts.count ? starts[offset + 1] : samples.endIndex
            return samples[start..<end]
        }
    }
}
