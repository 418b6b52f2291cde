@_spi(Pipeline) import TouchTapeEvents
import TouchTapeFormats
import TouchTapeFrames
import TouchTapeTracks
import TouchTapePan
import TouchTapeDismissal
import TouchTapeReplay

/// The fuzz targets: what each does with one input. A thrown ``RecordingError`` is the
/// expected answer to a bad input; a trap, a sanitizer report, a hang or a broken
/// invariant (`precondition` below) is a finding.
///
/// `touchtape-fuzz` runs one of them per process (libFuzzer's entry point, or the
/// replay runner of a normal build), and `FuzzCorpusTests` runs every file kept in
/// `Tests/FuzzCorpus/<target>/` through its target, so every crash kept there is a
/// regression test.
package enum FuzzTarget: String, CaseIterable, Sendable {
    /// One evemu file (description and events), read, then written and read back.
    case evemu
    /// The split layout: the bytes before the first NUL are the `.desc`, the rest the events file.
    case evemuSplit = "evemu-split"
    /// One libinput-record YAML file, read, then written and read back.
    case libinput
    /// One Android `getevent -lp` listing with its `getevent -lt` capture, read, then written
    /// and read back; and the same bytes through `record --adb`'s live reader.
    case getevent
    /// An arbitrary event stream (``FuzzEventStream``) → frames → tracks → pan samples.
    case frames
    /// Bytes → recording (libinput record when it has a `devices:` key, getevent when it has
    /// an `add device` line, else evemu) → tracks → every profile's transcript and checks →
    /// the report in every format.
    case pipeline

    /// What the target says in `tools/fuzz --list`.
    package var summary: String {
        switch self {
        case .evemu: return "evemu reader, single-file layout (+ write/read-back identity)"
        case .evemuSplit: return "evemu reader, split .desc + events layout (NUL separates the two)"
        case .libinput: return "libinput-record YAML reader (+ write/read-back identity)"
        case .getevent: return "Android getevent reader, -lp listing + -lt capture (+ write/read-back identity, + quick event lines = general ones, + record --adb's live reader)"
        case .frames: return "frame assembler, track splitter and pan recogniser on arbitrary event streams"
        case .pipeline: return "bytes → recording (evemu, libinput record or getevent) → tracks → every profile → checks → reports"
        }
    }

    /// Runs one input. `scratch` names the files the readers are handed.
    package func run(_ bytes: UnsafeRawBufferPointer, scratch: String = "input") {
        switch self {
        case .evemu:
            let file = ScratchFile(name: "\(scratch).evemu")
            file.write(bytes)
            Self.readAndRoundTrip(RecordingSource(eventsPath: file.path, format: .evemu), scratch: scratch)
        case .evemuSplit:
            let separator = bytes.firstIndex(of: 0) ?? bytes.count
            let desc = ScratchFile(name: "\(scratch).desc"), events = ScratchFile(name: "\(scratch).events")
            desc.write(UnsafeRawBufferPointer(rebasing: bytes[..<separator]))
            events.write(UnsafeRawBufferPointer(rebasing: bytes[min(separator + 1, bytes.count)...]))
            Self.readAndRoundTrip(RecordingSource(eventsPath: events.path, descriptionPath: desc.path, format: .evemu),
                                  scratch: scratch)
        case .libinput:
            let file = ScratchFile(name: "\(scratch).yml")
            file.write(bytes)
            Self.readAndRoundTrip(RecordingSource(eventsPath: file.path, format: .libinputRecord), scratch: scratch)
        case .getevent:
            let file = ScratchFile(name: "\(scratch).getevent")
            file.write(bytes)
            Self.readAndRoundTrip(RecordingSource(eventsPath: file.path, format: .getevent), scratch: scratch)
            if let difference = GeteventQuickReading.difference(path: file.path) {
                preconditionFailure("the quick reading of event lines differs from the general one: \(difference)")
            }
            Self.liveLines(bytes)
        case .frames:
            Self.frames(FuzzEventStream(bytes))
        case .pipeline:
            let format: RecordingFormat = Self.contains(bytes, "devices:") ? .libinputRecord
                : Self.contains(bytes, "add device") ? .getevent : .evemu
            let file = ScratchFile(name: "\(scratch).\(format.preferredPathExtension)")
            file.write(bytes)
            Self.pipeline(RecordingSource(path: file.path))
        }
    }

    /// Reads a source; when it reads, writes it in every format and checks each reads
    /// back to the same description, events and annotations.
    static func readAndRoundTrip(_ source: RecordingSource, scratch: String) {
        guard let recording = try? RecordingReader.read(source) else { return }
        for format in RecordingFormat.allCases {
            // What `convert` writes: a recording either format cannot hold (a name with a
            // carriage return for evemu's one-line N:, found by this target) is refused
            // before writing, with a typed error; anything else must read back the same.
            let text: [UInt8]
            do { text = Array(try recording.formattedForWriting(as: format).utf8) } catch {
                precondition(error.kind == .notRepresentable, "writing as \(format) failed: \(error)")
                continue
            }
            let file = ScratchFile(name: "\(scratch)-again.\(format.preferredPathExtension)")
            text.withUnsafeBytes { file.write($0) }
            let again: Recording
            do { again = try RecordingReader.read(RecordingSource(eventsPath: file.path, format: format)) } catch {
                preconditionFailure("a recording that read does not read back after writing it as \(format): \(error)")
            }
            precondition(again.events == recording.events, "events differ after a \(format) round trip")
            precondition(again.description == recording.description, "description differs after a \(format) round trip")
            precondition(again.annotations == recording.annotations, "annotations differ after a \(format) round trip")
        }
    }

    /// The same bytes as `record --adb` reads them live (``GeteventLiveReader``): each
    /// line's event, and a count of the lines that are neither an event nor a line getevent
    /// prints besides them, however the reads cut the bytes (whole, a byte at a time, and at
    /// cuts the input's first bytes pick).
    static func liveLines(_ bytes: UnsafeRawBufferPointer) {
        var expected: [InputEvent] = []
        var unread = 0
        var start = 0
        while let newline = bytes[start...].firstIndex(of: 0x0A) {
            precondition(GeteventLiveReader.canonicalReadingAgrees(on: GeteventLiveReader.text(of: bytes[start..<newline])),
                         "the byte reader of event lines disagrees with the general one")
            switch GeteventLiveReader.line(bytes[start..<newline]) {
            case .event(let event): expected.append(event)
            case .passedOver: break
            case .unread: unread += 1
            }
            start = newline + 1
        }
        let cuts = bytes.prefix(4).map { Int($0) % 97 + 1 }
        for sizes in [[bytes.count], [1], cuts.isEmpty ? [3] : cuts] {
            var reader = GeteventLiveReader()
            var events: [InputEvent] = []
            var at = 0, k = 0
            while at < bytes.count {
                let end = min(at + max(1, sizes[k % sizes.count]), bytes.count)
                events += reader.events(in: UnsafeRawBufferPointer(rebasing: bytes[at..<end]))
                at = end
                k += 1
            }
            precondition(events == expected, "the live getevent reader gives other events when reads are cut at \(sizes)")
            precondition(reader.unread.count == unread, "the live getevent reader counts other unread lines when reads are cut at \(sizes)")
        }
    }

    /// Frames and tracks of an arbitrary stream, with the invariants the later stages rely on.
    static func frames(_ input: FuzzEventStream) {
        let units = MillimetreConversion(description: input.description)
        let frames = FrameAssembler.frames(from: input.events, description: input.description, units: units)
        var next = 0
        for (k, frame) in frames.enumerated() {
            precondition(frame.index == k, "frame indices are not consecutive")
            precondition(frame.eventRange.lowerBound >= next && frame.eventRange.upperBound <= input.events.count,
                         "frame event ranges overlap or leave the stream")
            precondition(input.events[frame.eventRange.upperBound - 1].isSynReport, "a frame does not end at a SYN_REPORT")
            precondition(frame.fingerCount >= frame.contacts.count, "fewer fingers than contacts")
            next = frame.eventRange.upperBound
        }
        let tracks = TrackSplitter.tracks(from: input.events, description: input.description, units: units)
        var end = 0
        for track in tracks {
            precondition(track.sourceEventRange.lowerBound >= end, "tracks overlap")
            precondition(track.events == Array(input.events[track.sourceEventRange]), "a track's events are not its source range")
            precondition(track.frames(units: units) == Array(frames[track.sourceFrameRange]),
                         "a track replayed alone gives other frames than the whole stream")
            end = track.sourceEventRange.upperBound
            let samples = PanRecognizer.samples(for: track.frames(units: units), deviceKind: input.description.classification.kind)
            for sample in samples {
                precondition(sample.translation.x.isFinite && sample.translation.y.isFinite, "a non-finite translation")
            }
        }
    }

    /// The replay as `touchtape replay` runs it, for every profile and report format.
    static func pipeline(_ source: RecordingSource) {
        guard let recording = try? RecordingReader.read(source), (try? recording.requireTouchDevice()) != nil else { return }
        let tracks = recording.tracks()
        for profile in DismissalProfile.allCases {
            let configuration = ReplayConfiguration(profileName: profile.rawValue, dismissal: profile.settings)
            let reports = tracks.map { track in
                let t = ReplayPipeline.transcript(for: track, file: source.eventsPath, configuration: configuration)
                return TrackReport(transcript: t, deviceName: recording.description.name, checks: ReplayPipeline.check(t))
            }
            let report = ReplayReport(profile: profile.rawValue, tracks: reports)
            for format in ReportFormat.allCases { _ = format.render(report) }
        }
    }

    private static func contains(_ bytes: UnsafeRawBufferPointer, _ ascii: String) -> Bool {
        let needle = Array(ascii.utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { i in needle.indices.allSatisfy { bytes[i + $0] == needle[$0] } }
    }
}
