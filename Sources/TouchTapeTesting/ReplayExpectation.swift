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

    /// The failure messages of a replay's result.
    package static func messages(for result: ControllerReplayResult, path: String) -> [String] {
        var messages = result.failures.map(\.description)
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
