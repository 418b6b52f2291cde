// touchtape-make-recordings FOLDER: synthesises the gestures behind the bundled recordings
// (RecordingPlan.bundled) into FOLDER. Deterministic: the same files every run.
// tools/remake-recordings plays these through a real kernel in the VM and records them back
// with `touchtape record`; Recordings/ holds that recorder output, not these files.
import Foundation
import TouchTapeEvents
import TouchTapeFormats
import TouchTapeSynthesis

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let folder = arguments.first else {
    FileHandle.standardError.write(Data("usage: touchtape-make-recordings FOLDER\n".utf8))
    exit(2)
}
try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
for plan in RecordingPlan.bundled {
    let metadata = RecordingMetadata(recorder: "touchtape-make-recordings (synthesised, seed \(plan.seed))")
    var text: String
    switch plan.format {
    case .evemu:
        var f = EvemuFormatter(description: plan.device.description, metadata: metadata)
        text = f.header()
        for gesture in plan.events() {
            text += f.format(gesture.events)
            text += f.format(annotation: gesture.annotation)
        }
        text += f.footer()
    case .libinput:
        var f = LibinputRecordFormatter(description: plan.device.description, metadata: metadata)
        text = f.header()
        for gesture in plan.events() {
            text += f.format(gesture.events)
            text += f.format(annotation: gesture.annotation)
        }
        text += f.footer()
    }
    let path = (folder as NSString).appendingPathComponent(plan.fileName)
    guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
        FileHandle.standardError.write(Data("touchtape-make-recordings: cannot write \(path)\n".utf8))
        exit(3)
    }
    print(path)
}
