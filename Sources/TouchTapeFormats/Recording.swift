@_spi(Pipeline) import TouchTapeEvents

/// A whole recording in memory: description, events, annotation marks, header facts.
///
/// For long recordings prefer ``RecordingStream``, whose memory does not grow with
/// the number of events.
package struct Recording: Hashable, Sendable {
    /// The device the events came from.
    package var description: DeviceDescription
    /// Every input event, in file order.
    package var events: [InputEvent]
    /// Annotation marks in stream order (`eventIndex` never decreases).
    package var annotations: [AnnotationMark]
    /// What the file says about itself (writer, end mark).
    package var metadata: RecordingMetadata
    /// Where the recording was read from.
    package var source: RecordingSource
    /// What a reader of reports must know about the file as a whole, e.g. that a file
    /// TouchTape wrote lacks its end mark (``RecordingEndMark``). `inspect` and `replay` show them.
    package var notes: [String]

    /// A value from its parts.
    package init(
        description: DeviceDescription, events: [InputEvent], annotations: [AnnotationMark] = [],
        metadata: RecordingMetadata = RecordingMetadata(), source: RecordingSource, notes: [String] = []
    ) {
        self.notes = notes
        self.description = description
        self.events = events
        self.annotations = annotations
        self.metadata = metadata
        self.source = source
    }

    /// Throws ``RecordingError/Kind/noTouchDevice`` unless the description is a
    /// touchscreen or touchpad TouchTape can replay (see ``RecordingStream/requireTouchDevice()``).
    package func requireTouchDevice() throws(RecordingError) {
        try Self.requireTouchDevice(description, metadata: metadata, source: source)
    }

    /// A keyboard, pen or mouse recording would otherwise run the pipeline over nothing and
    /// report an empty result. `found` names the condition that failed
    /// (``NonTouchReason/condition``) after the device name, cut at 80 characters (the
    /// kernel's longest uinput name) so the condition always shows; the message quotes
    /// `found` and `expected` once.
    static func requireTouchDevice(_ description: DeviceDescription, metadata: RecordingMetadata,
                                   source: RecordingSource) throws(RecordingError) {
        let file = source.eventsPath
        if let reason = description.classification.nonTouchReason {
            throw RecordingError(
                kind: .noTouchDevice, file: file, line: nil, eventIndex: nil,
                expected: Self.touchDeviceRequirement,
                found: "device \"\(RecordingError.excerpt(description.name, limit: 80))\": \(reason.condition)",
                hint: "record the touch device itself; `touchtape devices` lists the candidates")
        }
        // The position axes the frames are read from (MT, else single touch) need a range: an
        // inverted one changed which axis the resolution fallback measured, and so every
        // progress and velocity, without a word.
        let axes = description.positionAxes
        for code in [axes.x, axes.y] {
            guard let info = description.absInfo[code], info.minimum >= info.maximum else { continue }
            var spot = switch source.format {
            case .evemu: "its 'A: \(code < 0x10 ? "0" : "")\(String(code, radix: 16))' line"
            case .libinputRecord: "its absinfo entry \(code)"
            case .getevent: "its line in the device listing"
            }
            // The error is at the range's line, in the file that holds the description.
            let line = metadata.absInfoLines[code]
            if let separate = source.descriptionPath, line == nil { spot += " in \(TextExcerpt.make(separate, limit: nil))" }
            throw RecordingError(
                kind: .valueOutOfRange, file: line != nil ? source.descriptionPath ?? file : file, line: line, eventIndex: nil,
                expected: "a position axis whose minimum is below its maximum",
                found: "\(EventCodes.codeName(type: EventType.abs.rawValue, code: code)) from \(info.minimum) to \(info.maximum)",
                hint: "no touch device reports such an axis (the kernel's uinput refuses a minimum above the maximum, "
                    + "libinput a device whose minimum equals its maximum), and its contacts cannot be placed: "
                    + "the description (\(spot)) was damaged or edited")
        }
    }

    /// What a recording's device must have, as the refusal says it.
    package static let touchDeviceRequirement =
        "a touchscreen or touchpad (ABS_MT_POSITION_X/Y, or ABS_X/ABS_Y with BTN_TOUCH; not a pen, not a mouse)"
}
