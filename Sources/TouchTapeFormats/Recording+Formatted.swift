@_spi(Pipeline) import TouchTapeEvents

extension Recording {
    /// The whole recording as text in `format`, annotations at their marks.
    ///
    /// Goes through the same ``RecordingFormatter`` the recorder and `convert` use,
    /// frame by frame, so the result equals what they would have written.
    package func formatted(as format: RecordingFormat) -> String {
        var metadata = self.metadata
        metadata.deviceIndex = nil
        metadata.deviceCount = nil
        switch format {
        case .evemu:
            var formatter = EvemuFormatter(description: description, metadata: metadata)
            return render(with: &formatter)
        case .libinputRecord:
            var formatter = LibinputRecordFormatter(description: description, metadata: metadata)
            return render(with: &formatter)
        case .getevent:
            var formatter = GeteventFormatter(description: description, metadata: metadata)
            return render(with: &formatter)
        }
    }

    /// ``formatted(as:)``, or ``RecordingError/Kind/notRepresentable`` when TouchTape
    /// would not read the text back as this recording. `convert` and `label` write
    /// through this, so they never write a file TouchTape then refuses.
    ///
    /// Everything the readers accept is representable in every format (event times,
    /// codes and values are range-checked, names and notes escaped), except
    /// - a device name evemu's one-line `N:` cannot hold (a line break or NUL, leading blanks);
    /// - a device name, udev property, quirk or note that starts with U+FEFF, as libinput
    ///   record (YAML drops it);
    /// - a description getevent's listing cannot hold;
    /// - a udev property or quirk an evemu or getevent comment line cannot hold as it stands;
    /// - a line past ``LineReader/maximumLineLength`` (a huge note or name, escaped).
    package func formattedForWriting(as format: RecordingFormat) throws(RecordingError) -> String {
        func refuse(_ expected: String, _ found: String, _ hint: String) -> RecordingError {
            RecordingError(kind: .notRepresentable, file: source.eventsPath, expected: expected,
                           found: RecordingError.excerpt(found), hint: hint)
        }
        try format.refuseUnwritable(description, file: source.eventsPath)
        for mark in annotations { try format.refuseUnwritable(mark.annotation, file: source.eventsPath) }
        let text = formatted(as: format)
        var lineStart = text.utf8.startIndex
        for index in text.utf8.indices where text.utf8[index] == 0x0A {
            let length = text.utf8.distance(from: lineStart, to: index)
            if length > LineReader.maximumLineLength {
                throw refuse("lines of at most \(LineReader.maximumLineLength) bytes",
                             String(decoding: text.utf8[lineStart..<index].prefix(200), as: UTF8.self),
                             "a name or note is too long for one line of a recording; shorten it")
            }
            lineStart = text.utf8.index(after: index)
        }
        return text
    }

    private func render(with formatter: inout some RecordingFormatter) -> String {
        var bytes = Array(formatter.header().utf8)
        var start = 0
        var marks = annotations.makeIterator()
        var nextMark = marks.next()
        func flush(upTo end: Int) {
            // Whole frames: split at SYN_REPORT so each append call ends a frame.
            var frameStart = start
            for i in start..<end where events[i].isSynReport {
                formatter.append(events[frameStart...i], to: &bytes)
                frameStart = i + 1
            }
            if frameStart < end { formatter.append(events[frameStart..<end], to: &bytes) }
            start = end
        }
        while let mark = nextMark {
            flush(upTo: min(max(mark.eventIndex, start), events.count))
            bytes += formatter.format(annotation: mark.annotation).utf8
            nextMark = marks.next()
        }
        flush(upTo: events.count)
        bytes += formatter.footer().utf8
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension RecordingFormat {
    /// Who writes the refused text: the hint ends with what the user can change there.
    package enum Writer: Sendable {
        /// `convert`, `label`: another output format.
        case conversion
        /// `record`: another `--format`, before the device's first event is written.
        case recorder
        /// `live --save`: a file of another extension.
        case liveSave
    }

    /// Refuses (``RecordingError/Kind/notRepresentable``, naming `file`) a device description
    /// this format cannot hold so that TouchTape reads it back as itself. The one check every
    /// way of writing shares: ``Recording/formattedForWriting(as:)``, the streamed
    /// ``RecordingConversion``, and the recorder's and `live --save`'s writer
    /// (`RecordingFileFormatter`: a real device's name, udev properties and quirks, before
    /// the file is made).
    package func refuseUnwritable(_ d: DeviceDescription, file: String, by writer: Writer = .conversion) throws(RecordingError) {
        func refuse(_ expected: String, _ found: String, _ problem: String) -> RecordingError {
            let instead = switch writer {
            case .conversion: "convert to libinput record (.yml) instead"
            case .recorder: "record with --format libinput (or to a .yml file) instead"
            case .liveSave: "save to a .yml file (libinput record) instead"
            }
            return RecordingError(kind: .notRepresentable, file: file, expected: expected, found: RecordingError.excerpt(found),
                                  hint: problem + "; " + instead + ", which keeps it")
        }
        if self == .evemu, let problem = EvemuFormatter.nameProblem(d.name) {
            throw refuse("a device name evemu's N: line can hold", d.name, problem)
        }
        if self == .libinputRecord, let text = ([d.name] + d.udevProperties + d.quirks).first(where: Self.startsWithByteOrderMark) {
            throw RecordingError(kind: .notRepresentable, file: file, expected: "a device name, udev property and quirk YAML keeps",
                                 found: RecordingError.excerpt(text), hint: Self.byteOrderMarkHint(writer))
        }
        if self == .getevent, let problem = GeteventFormatter.descriptionProblem(d) {
            throw refuse("a device description getevent's listing can hold", d.name, problem)
        }
        // evemu and getevent files keep udev properties and quirks as `#` comment lines, read
        // back as they stand: one line, nothing escaped, no blanks at either end.
        if self != .libinputRecord, let bad = (d.udevProperties + d.quirks).first(where: {
            $0.isEmpty || EvemuFormatter.oneLine($0) != $0 || $0.first!.isWhitespace || $0.last!.isWhitespace
        }) {
            throw refuse("udev properties and libinput quirks a one-line comment can hold", bad,
                         "a comment line holds it as it stands")
        }
    }

    /// Refuses (``RecordingError/Kind/notRepresentable``, naming `file`) a gesture mark this
    /// format cannot hold so that TouchTape reads it back as itself: a note libinput record's
    /// YAML would lose the start of. Checked by ``Recording/formattedForWriting(as:)``, the
    /// streamed ``RecordingConversion`` (`convert`, `label`) and `record --note`.
    package func refuseUnwritable(_ annotation: TrackAnnotation, file: String, by writer: Writer = .conversion) throws(RecordingError) {
        if self == .libinputRecord, let note = annotation.note, Self.startsWithByteOrderMark(note) {
            throw RecordingError(kind: .notRepresentable, file: file, expected: "a note YAML keeps",
                                 found: RecordingError.excerpt(note), hint: Self.byteOrderMarkHint(writer))
        }
    }

    /// Whether `text` starts with U+FEFF, which YAML's reader (Yams, through Foundation's
    /// UTF-8 decoding) drops from the start of a string even written as the escape `\ufeff`;
    /// one further in is kept (found by `tools/fuzz getevent`).
    static func startsWithByteOrderMark(_ text: String) -> Bool {
        text.unicodeScalars.first == "\u{FEFF}"
    }

    static func byteOrderMarkHint(_ writer: Writer) -> String {
        let instead = switch writer {
        case .conversion: "write evemu or getevent instead"
        case .recorder: "record with --format evemu or getevent instead"
        case .liveSave: "save to a .evemu or .getevent file instead"
        }
        return "it starts with U+FEFF (a byte-order mark), which YAML readers drop from the start of a string; \(instead), which keep it"
    }
}
