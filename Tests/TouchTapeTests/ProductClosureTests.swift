import Foundation
import Testing
import TouchTapeTestSupport

/// The `TouchTape` and `TouchTapeTesting` library products must build where libevdev is
/// absent (macOS, an iOS app's test target): their dependency closure, as SwiftPM itself
/// reports it (`swift package describe --type json`), holds no libevdev module and no
/// device code, and needs no package but Yams.
@Test(arguments: ["TouchTape", "TouchTapeTesting"])
func libraryProductsLeaveLibevdevOut(product: String) throws {
    let scratch = try PackagePaths.scratchDirectory("describe")
    defer { try? FileManager.default.removeItem(at: scratch) }
    // A scratch path of its own: describing needs no build and takes no lock of `.build`.
    // Bounded: `timeout` ends it after 60 s.
    let run = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/env"),
                                 ["TMPDIR=\(scratch.path)",   // what SwiftPM leaves in the temporary folder
                                  "timeout", "60", "swift", "package", "--scratch-path", scratch.path, "describe", "--type", "json"],
                                   in: PackagePaths.packageRoot)
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let targets = try #require(json["targets"] as? [[String: Any]])
    let byName = Dictionary(uniqueKeysWithValues: targets.map { ($0["name"] as! String, $0) })
    let products = try #require(json["products"] as? [[String: Any]])
    let roots = try #require(products.first { $0["name"] as? String == product }?["targets"] as? [String])

    var closure = Set<String>()
    var packages = Set<String>()
    var queue = roots
    while let name = queue.popLast() {
        guard closure.insert(name).inserted, let target = byName[name] else { continue }
        queue += target["target_dependencies"] as? [String] ?? []
        packages.formUnion(target["product_dependencies"] as? [String] ?? [])
    }
    #expect(closure.contains("TouchTapeReplay"))
    #expect(!closure.contains("CLibevdev"))
    #expect(!closure.contains("TouchTapeDevice"))
    #expect(closure.allSatisfy { byName[$0]?["type"] as? String != "system-target" }, "\(closure.sorted())")
    #expect(packages == ["Yams"])
    // And SwiftPM agrees from the other side: neither libevdev target belongs to the product.
    for name in ["CLibevdev", "TouchTapeDevice"] {
        let memberships = (byName[name]?["product_memberships"] as? [String]) ?? []
        #expect(memberships.contains(product) == false, "\(name) is in \(memberships)")
    }
    // Apple platforms are declared.
    let platforms = (json["platforms"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    #expect(platforms.contains("ios") && platforms.contains("macos"))
}
