@_spi(Pipeline) import TouchTapeEvents

/// What the replay knows about a track besides its samples: where it came from and
/// what its recorder said. Carried into the transcript and the report unchanged.
package struct TrackContext: Sendable {
    /// The recording file the track came from, as reports name it.
    package var file: String
    /// The track number within its file, from 1.
    package var track: Int
    /// The device's name.
    package var deviceName: String
    /// Touchscreen, touchpad or other.
    package var deviceKind: DeviceKind
    /// The multitouch protocol: A, B (with slots) or single touch.
    package var touchProtocol: TouchProtocol
    /// The most fingers down at once in the track.
    package var fingers: Int
    /// The recorder's label (expected outcome) and note.
    package var annotation: TrackAnnotation
    /// Facts a reader of the report needs (assumed resolution, cut short, …).
    package var notes: [String]

    /// A value from its parts.
    package init(file: String, track: Int, deviceName: String, deviceKind: DeviceKind, touchProtocol: TouchProtocol,
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
