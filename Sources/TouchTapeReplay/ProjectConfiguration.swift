import TouchTapeFormats
import Foundation
import TouchTapeDismissal
import TouchTapeFrames
import TouchTapePan
import Yams

/// A project's `touchtape.yml`: the settings and recordings its CI, its live tuning and
/// its developers share, so they all replay under the same words. Keys are the command
/// line's option names:
///
/// ```yaml
/// profile: easytransitions
/// threshold: 0.4
/// flick-velocity: 300
/// flick: true              # false: like --no-flick
/// edge: bottom
/// distance: 800
/// scale: 6.417
/// resolution-fallback: 100mm
/// recordings: [Recordings, more/gestures]   # relative to this file's folder
/// ```
///
/// Precedence: the profile's defaults < this file < the command line, setting by setting
/// (``SessionSettings/overlaid(by:)``).
package struct ProjectConfiguration: Hashable, Sendable {
    /// The name searched for upwards from the current folder.
    package static let fileName = RecordingLocator.projectConfigurationName
    /// The keys a file may hold.
    package static let keys = SessionSetting.allCases.map(\.key) + ["recordings"]

    /// The file it was read from.
    package var file: String
    /// The settings the file sets; a setting it leaves out stays `nil` (the profile's).
    package var settings: SessionSettings
    /// Whether the file names a profile (otherwise the command line's or the default).
    package var setsProfile: Bool
    /// Recording paths, resolved against the file's folder; empty when not given.
    package var recordings: [String]

    /// What a command reads (`replay`, `sweep`, `compare`): `paths` when given, else the
    /// project file's `recordings`, else `Recordings` in the current folder.
    package static func recordingRoots(_ paths: [String], project: ProjectConfiguration?) -> [String] {
        if !paths.isEmpty { return paths }
        if let recordings = project?.recordings, !recordings.isEmpty { return recordings }
        return ["Recordings"]
    }

    /// Reads and checks `path`.
    package static func load(path: String) throws(ProjectConfigurationError) -> ProjectConfiguration {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw ProjectConfigurationError(file: path, line: nil, message: "cannot read the configuration file",
                                            hint: "check that it exists and is readable UTF-8 text")
        }
        return try parse(text, file: path)
    }

    /// The nearest `touchtape.yml` in `directory` or a folder above it (up to the
    /// filesystem root), or `nil`.
    package static func find(from directory: String) -> String? {
        var folder = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent(fileName).path
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue { return candidate }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path || folder.path == "/" { return nil }
            folder = parent
        }
    }

    /// Parses a configuration's text; `file` names it in errors and anchors relative
    /// recording paths.
    package static func parse(_ text: String, file: String) throws(ProjectConfigurationError) -> ProjectConfiguration {
        func failure(_ line: Int?, _ message: String, _ hint: String) -> ProjectConfigurationError {
            ProjectConfigurationError(file: file, line: line, message: message, hint: hint)
        }
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch let error as YamlError {
            switch error {
            case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
                throw failure(mark.line, "not valid YAML: \(problem)", "the file is YAML: `key: value` lines")
            case .duplicatedKeysInMapping(let duplicates, let context):
                // Yams marks the mapping; the line worth naming is the key's second use.
                let key = duplicates.sorted().first ?? ""
                let uses = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                    .filter { $0.element.hasPrefix(key + ":") }.map { $0.offset + 1 }
                throw failure(uses.count > 1 ? uses[1] : context.mark.line, "'\(key)' is set twice", "keep one of them")
            default:
                throw failure(nil, "not valid YAML: \(error)", "the file is YAML: `key: value` lines")
            }
        } catch {
            throw failure(nil, "not valid YAML: \(error)", "the file is YAML: `key: value` lines")
        }
        var configuration = ProjectConfiguration(file: file, settings: SessionSettings(), setsProfile: false, recordings: [])
        guard let root else { return configuration }  // an empty file sets nothing
        guard case .mapping(let mapping) = root else {
            throw failure(root.mark?.line, "expected a mapping of settings (`profile: transition`)",
                          "keys: \(keys.joined(separator: ", "))")
        }
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        var seen = Set<String>()
        // Numbers are checked as the command line's are, by the settings' own validation,
        // one at a time so an error names its line.
        var numbers: [(key: String, line: Int?, apply: (inout SessionSettings) -> Void)] = []
        for (keyNode, value) in mapping {
            let line = keyNode.mark?.line
            guard let key = keyNode.scalar?.string else { throw failure(line, "a key must be a name", "keys: \(keys.joined(separator: ", "))") }
            guard keys.contains(key) else {
                throw failure(line, "unknown setting '\(key)'", "known settings: \(keys.joined(separator: ", "))")
            }
            guard seen.insert(key).inserted else { throw failure(line, "'\(key)' is set twice", "keep one of them") }
            func scalar() throws(ProjectConfigurationError) -> String {
                guard let text = value.scalar?.string else {
                    throw failure(value.mark?.line ?? line, "\(key) must be a single value", "e.g. `\(key): …` on one line")
                }
                return text
            }
            if let setting = SessionSetting(rawValue: key) {
                // Read as the command line reads the same option (the settings table):
                // numbers finite and in range, words from the option's list, the error
                // naming the key as written here. `flick:` is YAML's true or false.
                var text = try scalar()
                if setting == .flick {
                    guard let flag = value.bool else {
                        throw failure(line, "flick must be true or false, not '\(text)'", "`flick: false` turns flicks off, like --no-flick")
                    }
                    text = flag ? "true" : "false"
                }
                var alone = SessionSettings(profile: configuration.settings.profile)
                do { try setting.set(text, in: &alone, option: "\(key):") } catch {
                    if let choices = setting.choices {
                        throw failure(line, "unknown \(key) '\(error.value)'", "\(key) takes: \(choices.joined(separator: ", "))")
                    }
                    throw failure(value.mark?.line ?? line, "\(key) \(error.value): \(error.problem)",
                                  error.expected + (setting.number != nil ? ", as for the command line's --\(key)" : ""))
                }
                if setting == .profile {
                    setting.copy(from: alone, into: &configuration.settings)
                    configuration.setsProfile = true
                } else {
                    numbers.append((key, line, { setting.copy(from: alone, into: &$0) }))
                }
                continue
            }
            switch key {
            case "recordings":
                let paths: [String]
                if let text = value.scalar?.string { paths = [text] }
                else if let sequence = value.sequence, let items = Optional(sequence.compactMap(\.scalar?.string)), items.count == sequence.count {
                    paths = items
                } else {
                    throw failure(line, "recordings must be a path or a list of paths", "e.g. `recordings: [Recordings, more]`")
                }
                // An empty path named this file's folder (the command line refuses one).
                if paths.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                    throw failure(line, "recordings holds an empty path", "give a folder or file, e.g. `recordings: [Recordings]`; `.` is this file's folder")
                }
                configuration.recordings = paths.map { $0.hasPrefix("/") ? $0 : folder.appendingPathComponent($0).path }
            default:
                break  // every key in `keys` is handled above
            }
        }
        for number in numbers {
            var alone = SessionSettings(profile: configuration.settings.profile)
            number.apply(&alone)
            do { _ = try alone.configuration() } catch {
                throw failure(number.line, "\(number.key): \(error.message)", "the same range as the command line's --\(number.key)")
            }
            number.apply(&configuration.settings)
        }
        return configuration
    }
}
