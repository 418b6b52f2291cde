/// The verdict of one named check on one track.
public struct CheckResult: Hashable, Sendable {
    /// The check's stable name (`progress-range`, `threshold`, …): reports and JUnit use it.
    public var name: String
    public var passed: Bool
    /// One line saying what was measured against what, pass or fail.
    public var detail: String

    public init(name: String, passed: Bool, detail: String) {
        self.name = name
        self.passed = passed
        self.detail = detail
    }
}
