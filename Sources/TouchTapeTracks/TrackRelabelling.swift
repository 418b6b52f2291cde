@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFrames

/// Gives chosen tracks of a recording new annotations, after the recording was made, as
/// the recording streams past: memory stays flat however many tracks it holds.
///
/// People record first and judge later: a tuning session records a dozen pans, `inspect`
/// or `replay` shows which finished and which did not, and only then does the person say
/// which ones *should* have. Re-recorded files need the same: the recorder in the VM plays
/// a labelled file through the kernel and records it back, and the labels are carried over
/// track by track. Both rewrite only the marks; the events pass through unchanged and in
/// order.
///
/// Marks follow the rule ``TrackSession`` reads them by: a track owns the first mark from
/// its last event up to the next track's first event (its *window*). Relabelling a track
/// removes every mark in its window (a reader would ignore all but the first anyway) and
/// puts one mark at the window's far end: just before the next track's first event, or at
/// the end of the stream. It goes there, not straight after the track's last event, because
/// the track's old annotation (what `--expect` alone keeps the note of) is only known when
/// the window closes, and everything in the window must already have been passed on. Marks
/// of other tracks, and marks nobody owns, stay where they are.
///
/// ```swift
/// var relabelling = TrackRelabelling(description: d, units: u, chosen: { $0 == 2 }) { _, old in
///     var new = old; new.expected = .finish; return new
/// }
/// relabelling.feed(.event(e)) { piece in … }   // for every event and mark, in order
/// relabelling.finish { piece in … }
/// ```
package struct TrackRelabelling {
    /// What goes in and comes out: the recording's items, in stream order.
    package enum Piece: Hashable, Sendable {
        case event(InputEvent)
        case mark(TrackAnnotation)
    }

    /// A relabelled track: its number, the annotation it had and the one it has now.
    package struct Change: Hashable, Sendable {
        package var track: Int
        package var old: TrackAnnotation
        package var new: TrackAnnotation
        /// Marks in the track's window after its first, removed with it (a reader passed
        /// over them, or refused the file when they said something else).
        package var otherMarksRemoved = 0
    }

    private var session: TrackSession
    private let chosen: (Int) -> Bool
    private let relabel: (Int, TrackAnnotation) throws -> TrackAnnotation
    /// The pieces since the last `SYN_REPORT`: held until the frame shows whether it
    /// starts the next track (a mark inside that frame is past the window).
    private var frame: [Piece] = []
    /// The chosen track whose window is open: its marks are dropped as they come.
    private var window: Int?
    /// Marks dropped in the open window.
    private var dropped = 0

    /// - Parameters:
    ///   - chosen: whether track *n* (1-based, as `inspect` numbers them) is relabelled.
    ///   - relabel: track *n*'s new annotation from its old one (an empty one removes the mark).
    package init(description: DeviceDescription, units: MillimetreConversion, chosen: @escaping (Int) -> Bool,
                relabel: @escaping (Int, TrackAnnotation) throws -> TrackAnnotation) {
        self.session = TrackSession(description: description, units: units)
        self.chosen = chosen
        self.relabel = relabel
    }

    /// Feeds the next piece; `emit` gets what is written out, in order, and `changed` each
    /// relabelled track as its new mark is emitted. Rethrows what `relabel` throws.
    package mutating func feed(_ piece: Piece, emit: (Piece) throws -> Void, changed: (Change) throws -> Void = { _ in }) throws {
        switch piece {
        case .mark(let annotation):
            session.mark(annotation)
            if frame.isEmpty, !session.isInGesture {
                if window == nil { try emit(piece) } else { dropped += 1 }   // in an open window: dropped
            } else {
                // Inside a frame, or between two frames of a gesture the stream may end in
                // (then the mark is in that track's window): decided at the next frame.
                frame.append(piece)
            }
        case .event(let event):
            frame.append(piece)
            let fed = session.feed(event)
            guard event.isSynReport else { return }
            if case .label(let track, let old)? = fed.label, window == track {
                // This frame starts the next track: the window closes before its first event.
                try close(track: track, old: old, emit: emit, changed: changed)
            }
            try passHeld(emit)
            if case .ended? = fed.boundary, chosen(session.trackNumber) { window = session.trackNumber }
        }
    }

    /// The stream ended: the held pieces, then the last window's new mark.
    package mutating func finish(emit: (Piece) throws -> Void, changed: (Change) throws -> Void = { _ in }) throws {
        let current = session.trackNumber
        var steps: [TrackStep] = []
        session.finish { steps.append($0) }
        var label: (track: Int, old: TrackAnnotation)?
        for step in steps {
            switch step {
            case .endedInGesture:
                // Cut mid-gesture: its window is everything after its last complete frame.
                if chosen(current) { window = current }
            case .label(let track, let annotation):
                label = (track, annotation)
            case .frame:
                break
            }
        }
        try passHeld(emit)
        if let label, window == label.track { try close(track: label.track, old: label.old, emit: emit, changed: changed) }
    }

    /// The pieces held since the last `SYN_REPORT`, passed on; their marks dropped (and
    /// counted) while a chosen track's window is open.
    private mutating func passHeld(_ emit: (Piece) throws -> Void) throws {
        for held in frame {
            if case .mark = held, window != nil { dropped += 1; continue }
            try emit(held)
        }
        frame.removeAll(keepingCapacity: true)
    }

    private mutating func close(track: Int, old: TrackAnnotation, emit: (Piece) throws -> Void,
                                changed: (Change) throws -> Void) throws {
        window = nil
        let new = try relabel(track, old)
        if !new.isEmpty { try emit(.mark(new)) }
        try changed(Change(track: track, old: old, new: new, otherMarksRemoved: max(0, dropped - 1)))
        dropped = 0
    }
}
