/// The examples every command's `--help` ends with, in one table so a test can run them.
/// Paths are the project's own `Recordings/` or `gestures.evemu` (what the `record` example
/// writes); a device is `/dev/input/event5` or a name. Each line fits 80 columns, so the
/// help prints it whole, ready to paste.
/// `HelpExamplesTests` runs every example that needs no input device from a scratch folder.
enum HelpExamples {
    struct Example {
        var command: String
        var why: String
    }

    static let all: [String: [Example]] = [
        "replay": [
            .init(command: "touchtape replay Recordings", why: "every recording in the folder, the Transition profile"),
            .init(command: "touchtape replay Recordings --profile easytransitions --threshold 0.4 --quiet",
                  why: "another library's rules, a threshold of your own, only the failures"),
            .init(command: "touchtape replay Recordings --format junit -o report.xml --shard 1/2 --strict",
                  why: "half of the tracks, for CI; a recording with no gesture fails the run"),
            .init(command: "touchtape replay Recordings/touchscreen-flick-up-cancel.evemu --probes",
                  why: "one recording, each track driven to either side of every boundary"),
        ],
        "record": [
            .init(command: "touchtape record", why: "choose a touch device from a list; writes touchtape-DATE-TIME.evemu"),
            .init(command: "touchtape record /dev/input/event5 -o gestures.evemu --expect finish",
                  why: "record gestures you mean to finish; Ctrl-C stops"),
            .init(command: "touchtape record Touchpad -o pans.yml --gestures 5", why: "by name, libinput's format, five gestures"),
            .init(command: "touchtape record --adb -o phone.getevent --expect finish",
                  why: "an Android phone's touchscreen through adb (getevent's text)"),
        ],
        "live": [
            .init(command: "touchtape live --from Recordings/touchscreen-pan-down-finish.evemu --speed 4",
                  why: "tune on a recording, four times as fast (--loop: again and again)"),
            .init(command: "touchtape live /dev/input/event5 --save tuned.evemu", why: "tune on your fingers; s keeps a gesture"),
        ],
        "sweep": [
            .init(command: "touchtape sweep Recordings", why: "where each outcome flips; the settings every label agrees with"),
            .init(command: "touchtape sweep Recordings --threshold 0.2...0.6 --format json -o sweep.json", why: "a narrower range, as JSON"),
        ],
        "compare": [
            .init(command: "touchtape compare Recordings --edge bottom",
                  why: "every toolkit's rules on the same gestures, all dismissing downwards"),
            .init(command: "touchtape compare Recordings --profiles transition flutter --format json",
                  why: "two profiles, as JSON"),
        ],
        "plot": [
            .init(command: "touchtape plot Recordings/touchscreen-flick-up-cancel.evemu -o track.svg", why: "one track's progress and velocity"),
            .init(command: "touchtape plot --map Recordings -o map.svg", why: "every track on the threshold-velocity plane"),
        ],
        "inspect": [
            .init(command: "touchtape inspect Recordings/touchpad-two-finger-pan-finish.yml", why: "the device, the tracks and their labels"),
            .init(command: "touchtape inspect Recordings/touchscreen-pan-down-finish.evemu --format json", why: "the same for a script"),
        ],
        "convert": [
            .init(command: "touchtape convert Recordings/touchscreen-pan-down-finish.evemu pan.yml", why: "evemu to libinput record"),
            .init(command: "touchtape convert Recordings/touchpad-two-finger-pan-finish.yml pad.evemu", why: "and back"),
            .init(command: "touchtape convert pan.yml pan.getevent", why: "to Android getevent text (-i -l listing, -lt events)"),
            .init(command: "touchtape convert pan.getevent back.evemu", why: "a getevent capture (listing + events) to evemu"),
        ],
        "label": [
            .init(command: "touchtape label gestures.evemu --track 2 --expect cancel", why: "say what track 2 of a recording must do"),
            .init(command: "touchtape label gestures.evemu --track 2 --clear", why: "take its label away again"),
        ],
        "play": [
            .init(command: "touchtape play Recordings/touchscreen-pan-down-finish.evemu --dry-run", why: "the tracks a replay would play"),
            .init(command: "touchtape play Recordings/touchscreen-pan-down-finish.evemu --track 1",
                  why: "replay track 1 into a new uinput device (root)"),
        ],
        "devices": [
            .init(command: "touchtape devices", why: "the input devices, touch devices first, with what each is"),
            .init(command: "touchtape devices --format json", why: "the same for a script"),
        ],
    ]

    /// The `EXAMPLES:` block of `command`'s help.
    static func block(_ command: String) -> String {
        let examples = all[command] ?? []
        return "\n\nEXAMPLES:\n" + examples.map { "  \($0.command)\n      \($0.why)" }.joined(separator: "\n")
    }
}
