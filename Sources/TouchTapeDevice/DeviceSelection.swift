/// How a `DEVICE` argument picks a device: a path is taken as is, anything else is a
/// case-insensitive substring of the device names that `touchtape devices` shows.
package enum DeviceSelection: Equatable, Sendable {
    /// Exactly one device (or an explicit path).
    case path(String)
    /// Several names contain the text: the user must be more specific.
    case ambiguous(query: String, candidates: [String])
    /// No readable device's name contains the text.
    case noMatch(query: String, unreadable: Int)

    /// Resolves `query` against `listings` (pure: the listings come from the enumerator).
    package static func resolve(_ query: String, among listings: [DeviceListing]) -> DeviceSelection {
        if query.hasPrefix("/") || query.hasPrefix("./") || query.hasPrefix("../") { return .path(query) }
        let needle = query.lowercased()
        let matches = listings.filter { ($0.name ?? "").lowercased().contains(needle) }
        if matches.count == 1 { return .path(matches[0].path) }
        // An exact (case-insensitive) name wins over substrings: "Touchpad" vs "Touchpad 2".
        let exact = matches.filter { ($0.name ?? "").lowercased() == needle }
        if exact.count == 1 { return .path(exact[0].path) }
        if matches.isEmpty {
            return .noMatch(query: query, unreadable: listings.filter { !$0.isReadable }.count)
        }
        return .ambiguous(query: query, candidates: matches.map { "\($0.path) \"\($0.name ?? "")\"" })
    }
}
