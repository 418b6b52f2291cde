/// A `touchtape.yml` that cannot be used: where (file, line) and what, with a hint.
package struct ProjectConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    package var file: String
    /// The 1-based line at fault; `nil` when the whole file is (unreadable, not a mapping).
    package var line: Int?
    package var message: String
    package var hint: String

    package init(file: String, line: Int?, message: String, hint: String) {
        self.file = file
        self.line = line
        self.message = message
        self.hint = hint
    }

    /// `touchtape.yml:4: threshold must be …` (the hint goes on its own line, as for
    /// recordings' errors).
    package var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(message)" }
}
