import TouchTapeEvents

extension Recording {
    /// The whole recording as text in `format`, annotations at their marks.
    ///
    /// Goes through the same ``RecordingFormatter`` the recorder and `convert` use,
    /// frame by frame, so the result equals what they would have written.
    public func formatted(as format: RecordingFormat) -> String {
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
        }
    }

    private func render(with formatter: inout some RecordingFormatter) -> String {
        var text = formatter.header()
        var start = 0
        var marks = annotations.makeIterator()
        var nextMark = marks.next()
        func flush(upTo end: Int) {
            // Whole frames: split at SYN_REPORT so each format call ends a frame.
            var frameStart = start
            for i in start..<end where events[i].isSynReport {
                text += formatter.format(events[frameStart...i])
                frameStart = i + 1
            }
            if frameStart < end { text += formatter.format(events[frameStart..<end]) }
            start = end
        }
        while let mark = nextMark {
            flush(upTo: min(max(mark.eventIndex, start), events.count))
            text += formatter.format(annotation: mark.annotation)
            nextMark = marks.next()
        }
        flush(upTo: events.count)
        return text + formatter.footer()
    }
}
