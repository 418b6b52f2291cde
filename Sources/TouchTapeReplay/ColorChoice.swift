/// Whether text for a person gets ANSI colour: `--color auto|always|never`.
///
/// `auto` colours only a terminal, and follows the conventions a user already set:
/// `NO_COLOR` (any non-empty value, no-color.org) and `TERM=dumb` turn it off. `always`
/// colours even a file or a pipe (a CI log that renders colour); `never` never does.
package enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never

    /// Whether to colour output going to a terminal (`isTerminal`) or not, with `environment`.
    package func enabled(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            return isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }
}
