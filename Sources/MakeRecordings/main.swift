// touchtape-make-recordings FOLDER: synthesises the gestures behind the bundled recordings
// (RecordingPlan.bundled) into FOLDER. Deterministic: the same files every run.
// tools/remake-recordings plays these through a real kernel in the VM and records them back
// with `touchtape record`; Recordings/ holds that recorder output, not these files.
import Foundation
@_spi(Pipeline) import TouchTapeEvents
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
    // The whole plan as one recording, each gesture's mark right after its events, formatted
    // the way the recorder and `convert` format (``Recording/formatted(as:)``).
    var events: [InputEvent] = []
    var marks: [AnnotationMark] = []
    for gesture in plan.events() {
        events += gesture.events
        marks.append(AnnotationMark(eventIndex: events.count, annotation: gesture.annotation))
    }
    let recording = Recording(description: plan.device.description, events: events, annotations: marks,
                              metadata: metadata, source: RecordingSource(path: plan.fileName))
    let text = recording.formatted(as: plan.format == .evemu ? .evemu : .libinputRecord)
    let path = (folder as NSString).appendingPathComponent(plan.fileName)
    do {
        try OutputFile.write(text, to: path)
        try OutputFile.write(path + "\n", to: "-")
    } catch {
        FileHandle.standardError.write(Data("touchtape-make-recordings: \(error)\n".utf8))
        exit(3)
    }
}
