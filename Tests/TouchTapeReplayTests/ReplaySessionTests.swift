import Foundation
import Testing
import TouchTapeDismissal
@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeFrames
import TouchTapeTestSupport
import TouchTapeTracks
@testable import TouchTapeReplay

/// Every bundled and peer recording.
private let sources: [RecordingSource] = {
    (try? RecordingLocator.sources(for: [PackagePaths.recordings.path, PackagePaths.peerRecordings.path])) ?? []
}()

/// A recording's track reports by the two routes: the streaming session, and each track cut
/// from the whole recording and run alone from its initial state.
private func reportsByBothRoutes(_ source: RecordingSource, configuration: ReplayConfiguration) throws
    -> (streamed: [TrackReport], alone: [TrackReport]) {
    var streamed: [TrackReport] = []
    try RecordingReplay.run(source, configuration: configuration) { streamed.append($0.report) }
    let recording = try RecordingReader.read(source)
    let alone = recording.tracks(units: MillimetreConversion(description: recording.description)).map { track in
        TrackRun(track: track, file: source.eventsPath, configuration: configuration,
                 controller: DismissalController(settings: configuration.dismissal)).result(annotation: track.annotation).report
    }
    return (streamed, alone)
}

/// The streaming session (one assembler over the whole file, marks as they come) and the
/// track-alone path (whole recording split, each track re-assembled from its initial
/// state) are two routes through the same stages: their reports must be identical.
@Test(arguments: DismissalProfile.allCases)
func sessionReportsEqualTheTrackAlonePath(profile: DismissalProfile) throws {
    #expect(sources.count >= 17)
    let configuration = try SessionSettings(profile: profile).configuration()
    for source in sources {
        let (streamed, alone) = try reportsByBothRoutes(source, configuration: configuration)
        #expect(streamed.count == alone.count, "\(source.eventsPath)")
        #expect(JSONReportRenderer.render(ReplayReport(profile: profile.rawValue, tracks: streamed))
                == JSONReportRenderer.render(ReplayReport(profile: profile.rawValue, tracks: alone)), "\(source.eventsPath)")
    }
}

@Test func stepsOfATrackComeInPipelineOrder() throws {
    let source = RecordingLocator.source(forPath: PackagePaths.recordings.appendingPathComponent("touchscreen-pan-down-finish.evemu").path)
    let stream = try RecordingStream(source)
    var session = ReplaySession(description: stream.description, file: "f", configuration: try SessionSettings().configuration())
    var kinds: [String] = []
    func record(_ step: SessionStep) {
        let word: String
        switch step {
        case .frame: word = "frame"
        case .trackBegan: word = "began"
        case .panSample: word = "sample"
        case .progress: word = "progress"
        case .decided: word = "decided"
        case .trackEnded: word = "ended"
        case .trackReported: word = "reported"
        }
        if kinds.last != word { kinds.append(word) }
    }
    while let item = try stream.next() {
        switch item {
        case .event(let e): session.feed(e, record)
        case .annotation(let a): session.mark(a)
        }
    }
    session.finish(record)
    let first = try #require(kinds.firstIndex(of: "began"))
    let order = kinds[first...].filter { $0 != "frame" }
    // The slop is crossed after some frames; samples and progress alternate; one decision.
    #expect(order.first == "began" && order.contains("decided") && order.last == "reported")
    #expect(order.firstIndex(of: "decided")! < order.firstIndex(of: "ended")!)
    #expect(order.firstIndex(of: "ended")! < order.firstIndex(of: "reported")!)
}

@Test func aNewConfigurationAppliesFromTheNextTrack() throws {
    let source = RecordingLocator.source(forPath: PackagePaths.recordings.appendingPathComponent("touchpad-two-finger-flick-up-cancel.yml").path)
    let stream = try RecordingStream(source)
    var session = ReplaySession(description: stream.description, file: "f", configuration: try SessionSettings().configuration())
    var thresholds: [Double?] = []
    var changed = false
    while let item = try stream.next() {
        guard case .event(let e) = item else { continue }
        var began = false
        session.feed(e) { step in
            if case .trackBegan = step { began = true }
            if case .trackEnded(let run) = step { thresholds.append(run.configuration.dismissal.completionThreshold) }
        }
        if began, !changed {
            // The first track is under way: the change is for the tracks after it.
            session.configuration = try SessionSettings(threshold: 0.9).configuration()
            changed = true
        }
    }
    session.finish { if case .trackEnded(let run) = $0 { thresholds.append(run.configuration.dismissal.completionThreshold) } }
    #expect(thresholds.count >= 2)
    #expect(thresholds.first == 1.0 / 3.0)
    #expect(thresholds.dropFirst().allSatisfy { $0 == 0.9 })
}

@Test func theWouldBeDecisionFollowsThePan() throws {
    let source = RecordingLocator.source(forPath: PackagePaths.recordings.appendingPathComponent("touchscreen-pan-down-finish.evemu").path)
    let stream = try RecordingStream(source)
    var session = ReplaySession(description: stream.description, file: "f", configuration: try SessionSettings().configuration())
    var wouldBe: [Outcome] = []
    var actual: Outcome?
    while let item = try stream.next() {
        guard case .event(let e) = item else { continue }
        var progressed = false
        session.feed(e) { step in
            if case .progress = step { progressed = true }
            if case .decided(let d) = step { actual = d.decision.outcome }
        }
        if progressed, let decision = session.decisionIfReleasedNow { wouldBe.append(decision.outcome) }
    }
    // Early in the pan a release would cancel; by its end it would finish, as it then does.
    #expect(wouldBe.first == .cancel)
    #expect(wouldBe.last == .finish && actual == .finish)
}

/// The evemu recording at `path` with the time of its event `n` (from 1) moved by
/// `seconds(n)` (the lines of the others as they were).
private func retimed(_ path: String, seconds: (Int) -> Double) throws -> String {
    var index = 0
    return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
        guard line.hasPrefix("E: ") else { return String(line) }
        index += 1
        let shift = seconds(index)
        guard shift != 0 else { return String(line) }
        var fields = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        fields[1] = DecimalText.fixed(Double(fields[1])! + shift, 6)
        return fields.joined(separator: " ")
    }.joined(separator: "\n")
}

/// A recording whose clock steps back (evdev's wall clock set back while recording) replays,
/// and the track where it happened says so, by both routes; one without a step says nothing.
@Test func aClockThatGoesBackIsNotedOnItsTrack() throws {
    let path = PackagePaths.recordings.appendingPathComponent("touchscreen-pan-down-finish.evemu").path
    let stepped = try retimed(path) { 10 - (200..<400 ~= $0 ? 0.5 : 0) }
    let scratch = try PackagePaths.scratchDirectory("tt-clock")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let file = scratch.appendingPathComponent("stepped.evemu").path
    try stepped.write(toFile: file, atomically: true, encoding: .utf8)
    let configuration = try SessionSettings().configuration()
    for (name, expectNote) in [(file, true), (path, false)] {
        let (streamed, alone) = try reportsByBothRoutes(RecordingLocator.source(forPath: name), configuration: configuration)
        for reports in [streamed, alone] {
            let noted = reports.map { $0.notes.contains { $0.hasPrefix("the recording's clock went back once in this track") } }
            #expect(noted == (expectNote ? [true, false] : [false, false]), "\(name): \(reports.map(\.notes))")
        }
    }
}

/// A clock that jumps forward by more than an hour inside a gesture (a damaged time, a clock
/// set forward) is noted on its track, by both routes; a pause between tracks is no jump.
@Test func aClockThatJumpsForwardInsideAGestureIsNoted() throws {
    let path = PackagePaths.recordings.appendingPathComponent("touchscreen-pan-down-finish.evemu").path
    func shifted(from first: Int, by seconds: Double) throws -> String { try retimed(path) { $0 >= first ? seconds : 0 } }
    let scratch = try PackagePaths.scratchDirectory("tt-clock-jump")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let inside = scratch.appendingPathComponent("inside.evemu").path, between = scratch.appendingPathComponent("between.evemu").path
    try shifted(from: 150, by: 9_000_000).write(toFile: inside, atomically: true, encoding: .utf8)
    // The second track begins after event 400 or so: two days between the tracks is a pause.
    let events = try RecordingReader.read(path: path).events
    let secondStart = try #require(events.indices.dropFirst(300).first { events[$0].time.microseconds(since: events[$0 - 1].time) > 100_000 })
    try shifted(from: secondStart + 1, by: 172_800).write(toFile: between, atomically: true, encoding: .utf8)
    let configuration = try SessionSettings().configuration()
    for (name, expectNote) in [(inside, true), (between, false)] {
        let (streamed, alone) = try reportsByBothRoutes(RecordingLocator.source(forPath: name), configuration: configuration)
        for reports in [streamed, alone] {
            let noted = reports.map { $0.notes.contains { $0.contains("the recording's clock jumped forward once in this track, first by 9000000 s") } }
            #expect(noted == (expectNote ? [true, false] : [false, false]), "\(name): \(reports.map(\.notes))")
        }
    }
}

/// A contact far outside the declared axes (a damaged or hand-made recording) moves the pan
/// further than a finger can on the device: its track is noted, by both routes; a position
/// just past the edge, as real digitisers give, and the recording as it was say nothing.
@Test func aPanFurtherThanTheDeviceIsNotedOnItsTrack() throws {
    let path = PackagePaths.recordings.appendingPathComponent("touchscreen-pan-down-finish.evemu").path
    let original = try String(contentsOfFile: path, encoding: .utf8)
    func changed(_ value: Int) -> String {
        var moves = 0
        return original.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("E: "), line.contains(" 0003 0036 ") else { return String(line) }
            moves += 1
            guard moves == 20 else { return String(line) }   // well into the first pan
            return "E: \(line.split(separator: " ")[1]) 0003 0036 \(value)"
        }.joined(separator: "\n")
    }
    let scratch = try PackagePaths.scratchDirectory("tt-far")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let configuration = try SessionSettings().configuration()
    // The Y axis is declared 0…2335.
    for (value, noted) in [(2_147_483_647, true), (-40_000, true), (2400, false)] {
        let file = scratch.appendingPathComponent("y\(value).evemu").path
        try changed(value).write(toFile: file, atomically: true, encoding: .utf8)
        let (streamed, alone) = try reportsByBothRoutes(RecordingLocator.source(forPath: file), configuration: configuration)
        for reports in [streamed, alone] {
            let notes = reports.map { $0.notes.contains { $0.hasPrefix("the pan moved") && $0.contains("a contact lies far outside its declared axes") } }
            #expect(notes == [noted, false], "\(value): \(reports.map(\.notes))")
        }
    }
    let (streamed, _) = try reportsByBothRoutes(RecordingLocator.source(forPath: path), configuration: configuration)
    #expect(!streamed.contains { $0.notes.contains { $0.contains("declared axes") } })
}
