#if canImport(XCTest)
import XCTest
import TouchTape

/// XCTest: replays every selected track under `path` into a fresh controller each and
/// fails the test once per failed check, naming the file, track, check, time, frame and
/// values (see ``ReplayFailure``).
///
/// ```swift
/// func testCardDismissal() {
///     XCTAssertChecksPass(replaying: "Recordings", rules: CardDismissal.rules) { CardDismissal() }
/// }
/// ```
/// - Returns: the replay's result, for further assertions.
@discardableResult
public func XCTAssertChecksPass<Controller: InteractiveDismissalController>(
    replaying path: String, rules: DismissalSettings, tracks: TrackFilter = .all,
    file: StaticString = #filePath, line: UInt = #line, makeController: @escaping () -> Controller
) -> ControllerReplayResult? {
    let (result, messages) = ReplayExpectation.evaluate(replaying: path, rules: rules, tracks: tracks,
                                                        makeController: makeController)
    for message in messages {
        XCTFail(message, file: file, line: line)
    }
    return result
}

/// ``XCTAssertChecksPass(replaying:rules:tracks:file:line:makeController:)`` for recordings
/// already found: `Recordings(bundle: Bundle(for: Self.self), subdirectory: "Recordings")`.
@discardableResult
public func XCTAssertChecksPass<Controller: InteractiveDismissalController>(
    _ recordings: Recordings, rules: DismissalSettings, tracks: TrackFilter = .all,
    file: StaticString = #filePath, line: UInt = #line, makeController: @escaping () -> Controller
) -> ControllerReplayResult {
    let (result, messages) = ReplayExpectation.evaluate(recordings, rules: rules, tracks: tracks,
                                                        makeController: makeController)
    for message in messages {
        XCTFail(message, file: file, line: line)
    }
    return result
}
#endif
