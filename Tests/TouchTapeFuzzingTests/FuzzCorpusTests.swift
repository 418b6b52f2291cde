import Foundation
import Testing
import TouchTapeFuzzing
import TouchTapeTestSupport

/// Every input kept in `Tests/FuzzCorpus/<target>/` (the minimised corpus and every
/// crash the fuzzer found, after its fix) runs through its target without trapping.
@Suite struct FuzzCorpusTests {
    static var corpusRoot: String { PackagePaths.packageRoot.appendingPathComponent("Tests/FuzzCorpus").path }

    @Test(arguments: FuzzTarget.allCases)
    func keptInputsRunWithoutTrapping(target: FuzzTarget) throws {
        let folder = Self.corpusRoot + "/" + target.rawValue
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(!names.isEmpty, "no kept inputs for \(target.rawValue)")
        let scratch = "corpus-test-\(target.rawValue)"   // one scratch file per target: the cases run in parallel
        // Its files and their round trips' (`evemu` must not take `evemu-split`'s, which runs beside it).
        defer { for prefix in [scratch + ".", scratch + "-again."] { ScratchFile.removeAll(startingWith: prefix) } }
        for name in names {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            bytes.withUnsafeBytes { target.run($0, scratch: scratch) }
        }
    }
}
