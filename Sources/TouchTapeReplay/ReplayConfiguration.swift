import TouchTapeFrames
import TouchTapePan
import TouchTapeDismissal

/// Everything a replay run is configured with: the rules the controller follows (a
/// profile plus overrides), how device units become points, and the virtual display.
package struct ReplayConfiguration: Sendable {
    /// The profile (or controller) name reports carry.
    package var profileName: String
    /// What the controller did with the samples.
    package var dismissal: DismissalSettings
    /// How contacts become pan samples.
    package var pan: PanSettings
    /// What a device reporting resolution 0 is assumed to measure.
    package var resolutionFallback: ResolutionFallback
    /// The virtual display, frames per second (completion animation).
    package var frameRate: Double
    /// `--device-size`: the touch surface's size, over whatever the device says (`nil`: the
    /// reported resolution, a stored hwdb fix or quirk, the installed ones, then the fallback).
    package var deviceSize: DeviceSize?
    /// libinput's quirks and udev's hwdb installed where the replay runs (`nil`: none read),
    /// for a device reporting resolution 0 with no fix or size stored in its recording.
    package var installedHints: InstalledDeviceHints?

    /// A value from its parts.
    package init(profileName: String, dismissal: DismissalSettings, pan: PanSettings = PanSettings(),
                resolutionFallback: ResolutionFallback = .standard, frameRate: Double = VirtualClock.defaultFrameRate,
                deviceSize: DeviceSize? = nil) {
        self.deviceSize = deviceSize
        // A profile's maximum touch count (Transition: 1) is enforced once, where UIKit
        // enforces it: the pan recognizer ignores touches beyond it and keeps tracking the
        // earliest ones. The controller then sees only pans it may drive, so its own
        // refuse/skip rule is switched off here rather than applied a second time.
        self.profileName = profileName
        var dismissal = dismissal
        self.pan = pan.limitingTouches(to: dismissal.maximumTouches)
        dismissal.maximumTouches = nil
        self.dismissal = dismissal
        self.resolutionFallback = resolutionFallback
        self.frameRate = frameRate
    }
}
