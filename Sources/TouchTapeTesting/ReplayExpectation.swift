import TouchTape

/// The failures one replay gives a test, as messages: each failed check located (file,
/// track, check, time, frame, values), each unreadable file, and a replay that selected
/// no track at all (a wrong path or filter should not pass silently).
///
/// The Swift Testing and XCTest helpers (``expectChecksPass(replaying:rules:tracks:sourceLocation:makeController:)``,
/// ``XCTAssertChecksPass(replaying:rules:tracks:file:line:makeController:)``) record these.
package enum ReplayExpectation {
    /// Replays `path` into fresh controllers and returns the result with its failure messages.
    package static func evaluate<Controller: InteractiveDismissalController>(
        replaying path: String, rules: DismissalSettings, tracks: TrackFilter,
        makeController: @escaping () -> Controller
    ) -> (result: ControllerReplayResult?, messages: [String]) {
        let recordings: Recordings
        do {
            recordings = try Recordings(path: path)
        } catch {
            return (nil, ["cannot read recordings at \(path): \(error)"])
        }
        return evaluate(recordings, named: path, rules: rules, tracks: tracks, makeController: makeController)
    }

    /// Replays recordings already found; messages name them by `name` (the path the test
    /// typed) or, without one, by their single file or their count.
    package static func evaluate<Controller: InteractiveDismissalController>(
        _ recordings: Recordings, named name: String? = nil, rules: DismissalSettings, tracks: TrackFilter,
        makeController: @escaping () -> Controller
    ) -> (result: ControllerReplayResult, messages: [String]) {
        let result = ControllerReplay(rules: rules, makeController: makeController).run(recordings, tracks: tracks)
        let place = name ?? (recordings.files.count == 1 ? recordings.files[0] : "the \(recordings.files.count) recordings")
        return (result, messages(for: result, path: place))
    }

    /// Failed checks recorded one by one; past them, one message counts the rest. One bug
    /// fails on most tracks and probes (a wrong comparison: two hundred failures), and a test
    /// log of two hundred issues hides the first, which says what to fix.
    package static let failureLimit = 20

    /// The failure messages of a replay's result.
    package static func messages(for result: ControllerReplayResult, path: String) -> [String] {
        var messages = result.failures.prefix(failureLimit).map(\.description)
        if result.failures.count > failureLimit {
            let more = result.failures.count - failureLimit
            let checks = Set(result.failures.dropFirst(failureLimit).map(\.check)).sorted().joined(separator: ", ")
            messages.append("… and \(more) more failed check\(more == 1 ? "" : "s") (\(checks)) in \(path); the returned "
                            + "ControllerReplayResult holds every one, and the first above usually says what to fix")
        }
        messages += result.errors.map { "cannot replay \($0.file): \($0.message)" }
        if result.reusedControllerCount > 0 {
            messages.append("the controller factory returned an instance it had already returned, for \(result.reusedControllerCount) track(s): make a fresh controller per track (a controller keeps state from its pan)")
        }
        if result.tracks.isEmpty, result.errors.isEmpty {
            messages.append("no track of \(path) was replayed (no recordings, or the track filter selected none)")
        }
        return messages
    }
}
