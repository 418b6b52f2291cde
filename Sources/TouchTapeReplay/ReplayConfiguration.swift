import TouchTapeFrames
import TouchTapePan
import TouchTapeDismissal

/// Everything a replay run is configured with: the rules the controller follows (a
/// profile plus overrides), how device units become points, and the virtual display.
public struct ReplayConfiguration: Sendable {
    public var profileName: String
    public var dismissal: DismissalSettings
    public var pan: PanSettings
    public var resolutionFallback: ResolutionFallback
    public var frameRate: Double

    public init(profileName: String, dismissal: DismissalSettings, pan: PanSettings = PanSettings(),
                resolutionFallback: ResolutionFallback = .standard, frameRate: Double = VirtualClock.defaultFrameRate) {
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
