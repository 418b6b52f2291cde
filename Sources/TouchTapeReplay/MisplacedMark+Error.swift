@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeTracks

extension RecordingError {
    /// `source` refused for a mark that labels no track, or that its track passes over
    /// (``TrackSession/misplacedMark``): the mark's line and what it says, then where it
    /// stands and where it belongs.
    ///
    /// ```
    /// cards.evemu:300: expected 'a track's mark after the track's last event', found 'expect=cancel' (event 194)
    ///   hint: this mark is inside track 1's gesture (events 0–378), where it labels no track …
    /// ```
    package init(misplaced mark: MisplacedMark, source: RecordingSource) {
        let file = source.eventsPath
        let says = RecordingError.excerpt(mark.annotation.markWords(in: source.format))
        let skipped = "so what it expects would be checked nowhere"
        let rule = "(a mark labels the track whose last event comes before it: the recorder and touchtape label write it there)"
        let afterLast = "a track's mark after the track's last event"
        switch mark.place {
        case .beforeFirstTrack:
            self.init(kind: .misplacedMark, file: file, line: mark.line, eventIndex: mark.eventIndex, expected: afterLast, found: says,
                      hint: "this mark comes before the first gesture (or in a recording with none), where it labels no track, "
                          + "\(skipped): move it after a gesture's last event, or remove it \(rule)")
        case .insideTrack(let track, let events):
            let span = events.map { " (events \($0.lowerBound)–\($0.upperBound - 1))" } ?? ""
            self.init(kind: .misplacedMark, file: file, line: mark.line, eventIndex: mark.eventIndex, expected: afterLast, found: says,
                      hint: "this mark is inside track \(track)'s gesture\(span), where it labels no track, \(skipped): "
                          + "move it after track \(track)'s last event, or remove it \(rule)")
        case .secondMark(let track, let first, let firstLine):
            let at = firstLine.map { " at line \($0)" } ?? ""
            // An events-only file is not rewritten in place: label writes a whole copy.
            let copy = source.descriptionPath != nil ? " -o OUT.evemu" : ""
            self.init(kind: .misplacedMark, file: file, line: mark.line, eventIndex: mark.eventIndex,
                      expected: "one mark for track \(track)", found: says,
                      hint: "track \(track)'s first mark\(at) says \(RecordingError.excerpt(first.markWords(in: source.format))); a track takes its first mark "
                          + "and passes over the rest: keep the one you mean, or write one with: "
                          + "touchtape label \(ShellWord.quoted(file)) --track \(track) --expect …\(copy)")
        }
    }
}
