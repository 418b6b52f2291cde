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
        self.profileName = profileName
        self.dismissal = dismissal
        self.pan = pan
        self.resolutionFallback = resolutionFallback
        self.frameRate = frameRate
    }
}
