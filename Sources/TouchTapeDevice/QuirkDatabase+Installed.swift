import Foundation
import TouchTapeFrames

extension QuirkDatabase {
    /// Where libinput keeps its quirks: the shipped files, then the machine's overrides.
    package static let installedFolders = ["/usr/share/libinput", "/etc/libinput"]

    /// The quirks installed on this machine (`*.quirks` of each folder, by file name, as
    /// libinput reads them); empty where libinput is not installed. Unreadable files are
    /// left out: a quirk is a hint, never a reason to refuse a replay.
    package static func installed(folders: [String] = installedFolders) -> QuirkDatabase {
        var sections: [Section] = []
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.filter({ $0.hasSuffix(".quirks") }).sorted() {
                let path = folder + "/" + name
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
                sections += parse(text, file: name)
            }
        }
        return QuirkDatabase(sections: sections)
    }
}
