import Foundation
import Testing
import TouchTapeTestSupport

/// `tools/vm-test` on a machine that cannot boot the VM must say why and exit 3 before it
/// builds anything. It used to exit 2 without a word when no kernel image existed: under
/// `set -euo pipefail` the failing `ls /boot/vmlinuz-*` pipeline ended the script before its
/// own hint. `VM_BOOT_DIR` points it at an empty folder instead of /boot.
@Test func vmTestWithoutAKernelImagePrintsTheInstallHintAndExits3() throws {
    let boot = try PackagePaths.scratchDirectory("tt-no-kernel")
    defer { try? FileManager.default.removeItem(at: boot) }
    let root = PackagePaths.packageRoot
    let run = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/env"),
                                 ["VM_BOOT_DIR=\(boot.path)", "bash", root.appendingPathComponent("tools/vm-test").path],
                                 in: root)
    #expect(run.status == 3)
    #expect(run.stderr.contains("\(boot.path)/vmlinuz-* (linux-image-amd64)"))
    #expect(run.stderr.contains("run tools/install-deps --test"))
    #expect(!run.stdout.contains("building touchtape"))
}
