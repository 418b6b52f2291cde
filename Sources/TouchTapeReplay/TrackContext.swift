import TouchTapeEvents

/// What the replay knows about a track besides its samples: where it came from and
/// what its recorder said. Carried into the transcript and the report unchanged.
public struct TrackContext: Sendable {
    public var file: String
    public var track: Int
    public var deviceName: String
    public var deviceKind: DeviceKind
    public var touchProtocol: TouchProtocol
    public var fingers: Int
    public var annotation: TrackAnnotation
    public var notes: [String]

    public init(file: String, track: Int, deviceName: String, deviceKind: DeviceKind, touchProtocol: TouchProtocol,
                fingers: Int, annotation: TrackAnnotation = TrackAnnotation(), notes: [String] = []) {
        self.file = file
        self.track = track
        self.deviceName = deviceName
        self.deviceKind = deviceKind
        self.touchProtocol = touchProtocol
        self.fingers = fingers
        self.annotation = annotation
        self.notes = notes
    }
}
