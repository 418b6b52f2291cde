/// Where a recording's events (and, for the split evemu layout, its description) live.
///
/// ``RecordingLocator`` builds these from paths; ``RecordingReader`` and
/// ``RecordingStream`` open them.
package struct RecordingSource: Hashable, Sendable {
    /// The file holding the events (and for complete files also the description).
    package var eventsPath: String
    /// A separate evemu description (`.desc`, format 1.0) for an events-only file;
    /// `nil` when the events file describes itself.
    package var descriptionPath: String?
    /// Evemu or libinput record.
    package var format: RecordingFormat
    /// For libinput recordings: which device to read (`nil` = device 0).
    package var deviceIndex: Int?

    /// A value from its parts.
    package init(eventsPath: String, descriptionPath: String? = nil, format: RecordingFormat, deviceIndex: Int? = nil) {
        self.eventsPath = eventsPath
        self.descriptionPath = descriptionPath
        self.format = format
        self.deviceIndex = deviceIndex
    }

    /// The source for one path, format from its extension (evemu when unknown).
    package init(path: String, deviceIndex: Int? = nil) {
        let ext = RecordingPath.pathExtension(path)
        self.init(eventsPath: path, descriptionPath: nil,
                  format: RecordingFormat(pathExtension: ext) ?? .evemu, deviceIndex: deviceIndex)
    }

    /// A name for reports: the events file's name, plus the description's when split.
    package var displayName: String {
        let events = RecordingPath.lastComponent(eventsPath)
        guard let descriptionPath else { return events }
        return events + " (+ " + RecordingPath.lastComponent(descriptionPath) + ")"
    }
}
