@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats

/// A recording's items handed out at their recorded pace (or `speed` times it) against a
/// clock the caller passes in, so the pacing is a pure function of the time and tests
/// need no sleeps. `live --from FILE [--speed X] [--loop]`.
///
/// An event is due at `start + (event time − first event time) / speed`; a mark is due
/// with the event before it. With `loop`, each pass starts ``passGapSeconds`` of
/// recording time after the last event of the one before.
///
/// ```swift
/// var source = PacedFileSource(items: items, speed: 2, loop: false, start: clock.now)
/// switch source.next(now: clock.now) {
/// case .item(let item): feed(item)
/// case .wait(let until): poll(stdin, until)
/// case .passEnded: session.restart(…)
/// case .passBegan(let pass): status("pass \(pass)")
/// case .finished: done
/// }
/// ```
package struct PacedFileSource: Sendable {
    /// What the source has for the caller at a given time.
    package enum Step: Hashable, Sendable {
        /// The next item, due now (or overdue).
        case item(RecordingItem)
        /// Nothing is due before this clock time (microseconds; `Int64.max` while paused).
        case wait(until: Int64)
        /// A `--loop` pass ended: the next ``next(now:)`` starts the recording over.
        case passEnded
        /// The first event of `--loop` pass N (from 2) is due: it plays from now on (said
        /// when its events come, not when the pass before ran out: the gap between them
        /// still shows the last gesture's completion).
        case passBegan(Int)
        /// The recording ended (no `--loop`).
        case finished
    }

    /// Recording time between the end of one `--loop` pass and the start of the next.
    package static let passGapSeconds = 1.0

    package let items: [RecordingItem]
    package let speed: Double
    package let loop: Bool
    /// Which pass the clock is in (1 in the first; the next one's from the moment the one
    /// before ran out of events, its gap included).
    package private(set) var pass = 1
    /// Which pass's events are playing: ``pass`` once its first event came due.
    package private(set) var playingPass = 1
    private var position = 0
    /// Clock time (µs) at which the current pass's first event is due.
    private var passStart: Int64
    /// Clock time (µs) the source was paused at: while paused, its clock stands still there.
    private var pausedAt: Int64?
    /// Where the next ``step()`` looks for its frame: after the frames earlier steps made
    /// due, even if they were not handed out yet (keys come in bursts).
    private var stepFrom = 0
    private let firstTime: EventTime?
    private let lastTime: EventTime?

    /// - Parameters:
    ///   - speed: > 0; 1 plays at the recorded pace.
    ///   - start: the clock time (µs) at which the first event is due.
    package init(items: [RecordingItem], speed: Double, loop: Bool, start: Int64) {
        self.items = items
        self.speed = speed > 0 && speed.isFinite ? speed : 1
        self.loop = loop
        self.passStart = start
        var first: EventTime?, last: EventTime?
        for case .event(let event) in items {
            if first == nil { first = event.time }
            last = event.time
        }
        self.firstTime = first
        self.lastTime = last
    }

    /// Whether ``pause(now:)`` stopped the recording's clock.
    package var isPaused: Bool { pausedAt != nil }

    /// Stops the recording's clock at `now`: nothing more is due, and the completion
    /// animation stands still, until ``resume(now:)`` or a ``step()``.
    package mutating func pause(now: Int64) {
        if pausedAt == nil { pausedAt = now }
    }

    /// Starts the clock again from where it stood: the recording goes on at its pace, as if
    /// the pause had not been.
    package mutating func resume(now: Int64) {
        guard let pausedAt else { return }
        passStart &+= now &- pausedAt
        self.pausedAt = nil
    }

    /// While paused: makes the next frame due (its events through their `SYN_REPORT`), as
    /// if the recording's clock had run on to it, and stays paused there.
    package mutating func step() {
        guard let pausedAt else { return }
        var index = max(position, stepFrom)
        var frameEnd: InputEvent?
        while index < items.count {
            if case .event(let event) = items[index] {
                frameEnd = event
                if event.isSynReport { break }
            }
            index += 1
        }
        guard let frameEnd else { return }
        stepFrom = index + 1
        let due = dueTime(of: frameEnd)
        if due > pausedAt { passStart &-= due &- pausedAt }
    }

    /// The next thing to do at clock time `now` (µs).
    package mutating func next(now: Int64) -> Step {
        let now = pausedAt ?? now
        if position >= items.count {
            guard loop, firstTime != nil else { return .finished }
            passStart = passEnd
            position = 0
            pass += 1
            return .passEnded
        }
        let item = items[position]
        if case .event(let event) = item {
            let due = dueTime(of: event)
            // Paused, nothing comes due by itself: wait for a key, not a time.
            if due > now { return .wait(until: pausedAt == nil ? due : .max) }
        }
        if playingPass != pass {
            playingPass = pass
            return .passBegan(pass)
        }
        position += 1
        return .item(item)
    }

    /// The recording time (µs since the first event of the pass) the clock stands at:
    /// the session clock a completion animation plays against.
    package func recordingClock(now: Int64) -> Int64 {
        let now = pausedAt ?? now
        return Self.microseconds(Double(now - passStart) * speed) &+ Int64(pass - 1) &* passLengthMicroseconds
    }

    /// When the event is due on the clock.
    private func dueTime(of event: EventTime) -> Int64 {
        guard let firstTime else { return passStart }
        return passStart &+ Self.microseconds((Double(event.microseconds(since: firstTime)) / speed).rounded(.up))
    }

    private func dueTime(of event: InputEvent) -> Int64 { dueTime(of: event.time) }

    /// Recording length of one pass including the gap, µs.
    private var passLengthMicroseconds: Int64 {
        guard let firstTime, let lastTime else { return 0 }
        return lastTime.microseconds(since: firstTime) + Int64(Self.passGapSeconds * 1_000_000)
    }

    /// Clock time at which the next pass begins.
    private var passEnd: Int64 {
        passStart &+ Self.microseconds((Double(passLengthMicroseconds) / speed).rounded(.up))
    }

    /// A clock value from a product that may not fit (a speed the caller did not check):
    /// saturated at a century of microseconds either way instead of trapping.
    static func microseconds(_ value: Double) -> Int64 {
        let limit = 3.2e15   // ≈ 100 years in µs; far inside Int64
        guard value.isFinite else { return value < 0 ? -Int64(limit) : Int64(limit) }
        return Int64(min(max(value, -limit), limit))
    }
}
