#if canImport(Testing)
import Testing
import TouchTape

/// Swift Testing: replays every selected track under `path` into a fresh controller each
/// and records an issue for every failed check, naming the file, track, check, time,
/// frame and values (see ``ReplayFailure``).
///
/// ```swift
/// @Test func cardDismissalFollowsRealFingers() {
///     expectChecksPass(replaying: "Recordings", rules: CardDismissal.rules) { CardDismissal() }
/// }
/// ```
/// - Returns: the replay's result, for further expectations.
@discardableResult
public func expectChecksPass<Controller: InteractiveDismissalController>(
    replaying path: String, rules: DismissalSettings, tracks: TrackFilter = .all,
    sourceLocation: SourceLocation = #_sourceLocation, makeController: @escaping () -> Controller
) -> ControllerReplayResult? {
    let (result, messages) = ReplayExpectation.evaluate(replaying: path, rules: rules, tracks: tracks,
                                                        makeController: makeController)
    for message in messages {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
    return result
}

/// ``expectChecksPass(replaying:rules:tracks:sourceLocation:makeController:)`` for recordings
/// already found: a test bundle's resources, say.
///
/// ```swift
/// @Test func dismissal() throws {
///     let recordings = try Recordings(bundle: .module, subdirectory: "Recordings")
///     expectChecksPass(recordings, rules: CardDismissal.rules) { CardDismissal() }
/// }
/// ```
@discardableResult
public func expectChecksPass<Controller: InteractiveDismissalController>(
    _ recordings: Recordings, rules: DismissalSettings, tracks: TrackFilter = .all,
    sourceLocation: SourceLocation = #_sourceLocation, makeController: @escaping () -> Controller
) -> ControllerReplayResult {
    let (result, messages) = ReplayExpectation.evaluate(recordings, rules: rules, tracks: tracks,
                                                        makeController: makeController)
    for message in messages {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
    return result
}
#endif
