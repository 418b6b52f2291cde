#!/usr/bin/env python3
"""tools/bench's measurements and its one table. Called by tools/bench; see tools/README.md.

    measure.py SCRATCH TOUCHTAPE HARNESS EVEMU_READ [--10m] [--live FILE] [--runs N] [--no-tracks-memory]

Each figure is measured in the same run on the same file as its peer. Times are CPU
seconds (user + system) of the measured process (one core; every program here is
single-threaded), except the peers' parse figures, which time their own read loop (the
C harness with CLOCK_MONOTONIC, Python with perf_counter) and exclude process start.
TouchTape's parse figure times the reader loop alone as well (the harness's CPU time).
Peak memory is the process's maximum resident set (getrusage of the child).
The median of --runs runs is kept (default 3); peak memory and Python's loader: one run."""
import os, re, statistics, subprocess, sys

def spawn(argv):
    """(user+sys seconds, max RSS in MB) of one run of argv, stdout to /dev/null."""
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)   # replay's summary line
        os.execvp(argv[0], argv)
    _, status, usage = os.wait4(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit("bench: failed (exit %d): %s" % (code, " ".join(argv)))
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024

def pair(argv):
    """A harness that prints 'EVENTS SECONDS'."""
    out = subprocess.run(argv, check=True, capture_output=True, text=True).stdout.split()
    return int(out[0]), float(out[1])

def median_rate(argv, runs):
    rates = []
    for _ in range(runs):
        events, seconds = pair(argv)
        rates.append(events / seconds)
    return statistics.median(rates), events

def events_in(path, harness):
    return pair([harness, "parse", path])[0]

def pair_sweep(harness, path):
    out = subprocess.run([harness, "sweep", path], check=True, capture_output=True, text=True).stdout.split()
    return int(out[0]), float(out[1]), float(out[2])

def pair_probes(harness, path, mode="probes"):
    out = subprocess.run([harness, mode, path], check=True, capture_output=True, text=True).stdout.split()
    return int(out[0]), float(out[1]), float(out[2]), float(out[3])

def fmt_rate(r):
    return "%.2f M ev/s" % (r / 1e6) if r >= 1e5 else "%.1f k ev/s" % (r / 1e3)

def main():
    args = sys.argv[1:]
    scratch, touchtape, harness, evemu_read = args[:4]
    ten = "--10m" in args
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 3
    live = args[args.index("--live") + 1] if "--live" in args else None
    # The memory-in-tracks rows (issue 21) take long: plot --map and sweep decide every
    # track on a grid (about 30 ms a track for plot --map's region: ~2 h at 200 k tracks).
    tracks_memory = "--no-tracks-memory" not in args
    rows = []
    sizes = ["1M"] + (["10M"] if ten else [])
    inputs = {(kind, size, ext): os.path.join(scratch, "%s-%s.%s" % (kind, size, ext))
              for kind in ("touchscreen-10f", "touchpad-3f") for size in ("100k", "1M", "10M") for ext in ("evemu", "yml", "getevent")}

    libevemu = {}
    for kind in ("touchscreen-10f", "touchpad-3f"):
        f = inputs[(kind, "1M", "evemu")]
        tt, n = median_rate([harness, "parse", f], runs)
        peer, _ = median_rate([evemu_read, f], runs)
        libevemu[kind] = peer
        rows.append(("evemu parse, %s 1M (%d ev)" % (kind, n), fmt_rate(tt), "libevemu " + fmt_rate(peer),
                     "%.2f×" % (tt / peer), "≥ 5×"))
    for kind in ("touchscreen-10f", "touchpad-3f"):
        f = inputs[(kind, "100k", "yml")]
        tt, n = median_rate([harness, "parse", f], runs)
        peer, _ = median_rate([sys.executable, os.path.join(os.path.dirname(__file__), "yaml-read.py"), f], 1)
        rows.append(("libinput-record parse, %s 100k" % kind, fmt_rate(tt), "CSafeLoader " + fmt_rate(peer),
                     "%.0f×" % (tt / peer), "≥ 300×"))
    # getevent captures (Android; issue 26): the same events as `getevent -lt` writes them,
    # against libevemu reading them as evemu (no C reader of getevent text exists).
    for kind in ("touchscreen-10f", "touchpad-3f"):
        tt, n = median_rate([harness, "parse", inputs[(kind, "1M", "getevent")]], runs)
        rows.append(("getevent parse, %s 1M" % kind, fmt_rate(tt), "libevemu (as evemu) " + fmt_rate(libevemu[kind]),
                     "%.2f×" % (tt / libevemu[kind]), "(measured)"))
    # record --adb's reader of a live getevent, over the capture in memory (no peer).
    rate, _ = median_rate([harness, "adb-lines", inputs[("touchscreen-10f", "1M", "getevent")]], runs)
    rows.append(("record --adb's line reader, touchscreen-10f 1M (in memory)", fmt_rate(rate), "(no peer)", "", "(measured)"))
    for ext, what, target in (("evemu", "", "≥ 2.3× libevemu"), ("getevent", " getevent", "(measured)")):
        for kind in ("touchscreen-10f", "touchpad-3f"):
            peer_file = inputs[(kind, "1M", "evemu")]
            f = inputs[(kind, "1M", ext)]
            n = events_in(f, harness)
            # Issue 26: the whole replay against libevemu's parse alone of the same events. The
            # two alternate, each replay right after a libevemu read, so that both see the same
            # load on a shared machine; the ratio is the median of the pairs' ratios.
            pairs = []
            for _ in range(runs):
                events, peer_secs = pair([evemu_read, peer_file])
                secs = spawn([touchtape, "replay", f, "--format", "json", "--output", "/dev/null"])[0]
                pairs.append((n / secs, events / peer_secs))
            rate = statistics.median(r for r, _ in pairs)
            peer = statistics.median(p for _, p in pairs)
            ratio = statistics.median(r / p for r, p in pairs)
            rows.append(("replay pipeline (CLI, JSON),%s %s 1M" % (what, kind), fmt_rate(rate), "libevemu parse " + fmt_rate(peer),
                         "%.2f×" % ratio, target))
    f = inputs[("touchscreen-10f", "1M", "evemu")]
    n = events_in(f, harness)
    out = os.path.join(scratch, "convert-out.yml")
    secs = statistics.median(spawn([touchtape, "convert", f, out])[0] for _ in range(runs))
    rows.append(("convert evemu → libinput, touchscreen-10f 1M", fmt_rate(n / secs), "(no peer)", "", "≥ 8 M ev/s"))
    out2 = os.path.join(scratch, "convert-out.evemu")
    secs = statistics.median(spawn([touchtape, "convert", inputs[("touchscreen-10f", "1M", "yml")], out2])[0]
                             for _ in range(runs))
    rows.append(("convert libinput → evemu, touchscreen-10f 1M", fmt_rate(n / secs), "(no peer)", "", "≥ 8 M ev/s"))
    # The Android form both ways (issue 26): from a capture, and into one.
    for label, source, target in (("getevent → evemu", inputs[("touchscreen-10f", "1M", "getevent")], "convert-out.evemu"),
                                  ("libinput → getevent", inputs[("touchscreen-10f", "1M", "yml")], "convert-out.getevent")):
        secs = statistics.median(spawn([touchtape, "convert", source, os.path.join(scratch, target)])[0] for _ in range(runs))
        rows.append(("convert %s, touchscreen-10f 1M" % label, fmt_rate(n / secs), "(no peer)", "", "(measured)"))
    # What the two figures above hold besides the conversion itself (process start, the
    # kernel's copying and write-back of the output file, the durable commit): the same
    # conversion in the harness's process into /dev/null, its CPU time alone (issue 26).
    for direction, f in (("evemu → libinput", inputs[("touchscreen-10f", "1M", "evemu")]),
                         ("libinput → evemu", inputs[("touchscreen-10f", "1M", "yml")])):
        rate, _ = median_rate([harness, "convert", f], runs)
        rows.append(("convert %s, the conversion alone (no file)" % direction, fmt_rate(rate), "", "", "(measured)"))

    # sweep: one more grid point (each of its three axes) against one replay of the same file.
    f = inputs[("touchscreen-10f", "100k", "evemu")]
    cells = sorted((pair_sweep(harness, f) for _ in range(runs)), key=lambda c: c[2])[runs // 2]
    n, replay_s, point_s = cells
    rows.append(("sweep, one more grid point, touchscreen-10f 100k", "%.2f ms" % (point_s * 1e3),
                 "one replay %.1f ms" % (replay_s * 1e3), "1/%.0f of a replay" % (replay_s / point_s), "≤ 1/20 of a replay"))

    # probes: the same replay with every track's probes, against the plain replay (issue 23: ≤ 3×);
    # on the bench input (long tracks) and on a bundled recording (short tracks, where the
    # probes' rows and checks weigh most).
    for label, f in (("touchscreen-10f 100k", inputs[("touchscreen-10f", "100k", "evemu")]),
                     ("Recordings/touchscreen-pan-down-finish",
                      os.path.join(os.getcwd(), "Recordings", "touchscreen-pan-down-finish.evemu"))):
        n, plain_s, probed_s, ratio = sorted((pair_probes(harness, f) for _ in range(runs)), key=lambda c: c[3])[runs // 2]
        rows.append(("replay with probes, %s" % label, "%.2f× a plain replay" % ratio,
                     "plain %.2f ms, probed %.2f ms" % (plain_s * 1e3, probed_s * 1e3), "", "≤ 3×"))
        n, plain_s, stable_s, ratio = sorted((pair_probes(harness, f, "stability") for _ in range(runs)), key=lambda c: c[3])[runs // 2]
        rows.append(("replay with stability, %s" % label, "%.2f× a plain replay" % ratio,
                     "plain %.2f ms, with stability %.2f ms" % (plain_s * 1e3, stable_s * 1e3), "", "(measured)"))

    rss = {}
    for size in sizes:
        f = inputs[("touchscreen-10f", size, "evemu")]
        rss[("replay", size)] = spawn([touchtape, "replay", f, "--format", "json", "--output", "/dev/null"])[1]
        rss[("replay JUnit", size)] = spawn([touchtape, "replay", f, "--format", "junit", "--output",
                                             os.path.join(scratch, "replay-out.xml")])[1]
        rss[("convert", size)] = spawn([touchtape, "convert", f, os.path.join(scratch, "convert-out.yml")])[1]
    for what in ("replay", "replay JUnit", "convert"):
        for size in sizes:
            ratio = ""
            if size == "10M":
                ratio = "%.2f× the 1M" % (rss[(what, "10M")] / rss[(what, "1M")])
            rows.append(("peak RSS, %s touchscreen-10f %s" % (what, size), "%.1f MB" % rss[(what, size)], "", ratio,
                         "< 64 MB; 10M ≤ 1.1× 1M"))
    # Memory in the number of tracks (issue 21): many short pans, ten times as many in the second
    # file; every command that summarises tracks must stay flat, as replay does. sweep re-runs
    # the controller about 600 times a track, so it gets a tenth of the tracks.
    many = {}
    for count in ((2_000, 20_000, 200_000) if tracks_memory else ()):
        many[count] = os.path.join(scratch, "many-tracks-%d.evemu" % count)
        if not os.path.exists(many[count]):
            subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "many-tracks.py"), many[count],
                            str(count), os.getcwd()], check=True)
    label_out = os.path.join(scratch, "label-out.evemu")
    for what, argv, counts in () if not tracks_memory else (
            ("replay", lambda f: [touchtape, "replay", f, "--no-config", "--format", "json", "-o", "/dev/null"], (20_000, 200_000)),
            ("inspect", lambda f: [touchtape, "inspect", f], (20_000, 200_000)),
            ("label", lambda f: [touchtape, "label", f, "--expect", "cancel", "-o", label_out], (20_000, 200_000)),
            ("plot --map", lambda f: [touchtape, "plot", "--map", f, "--no-config", "-o", "/dev/null"], (20_000, 200_000)),
            ("sweep", lambda f: [touchtape, "sweep", f, "--no-config", "-o", "/dev/null"], (2_000, 20_000))):
        small, large = (spawn(argv(many[c]))[1] for c in counts)
        rows.append(("peak RSS, %s, %dk → %dk tracks" % (what, counts[0] // 1000, counts[1] // 1000),
                     "%.1f MB → %.1f MB" % (small, large), "", "%.2f×" % (large / small), "≤ 1.1× (flat)"))
    for leftover in ("convert-out.yml", "replay-out.xml", "convert-out.evemu", "convert-out.getevent", "label-out.evemu"):
        try: os.remove(os.path.join(scratch, leftover))
        except OSError: pass

    if live:
        text = open(live).read().split()
        # touchtape-bench-harness live-frame: "FRAMES P50_NS P99_NS MAX_NS DECIDABLE"
        if len(text) == 5 and all(t.isdigit() for t in text):
            p50, p99 = int(text[1]) / 1000, int(text[2]) / 1000
            rows.append(("live per-frame read → decision, p50", "%.1f µs" % p50, "", "", ""))
            rows.append(("live per-frame read → decision, p99", "%.1f µs" % p99, "", "", "< 100 µs"))
        else:
            rows.append(("live per-frame read → decision", "(no benchmark output)", "", "", "p99 < 100 µs"))

    header = ("figure", "TouchTape", "peer", "ratio", "target")
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(5)]
    line = lambda r: "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |"
    print(line(header))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows:
        print(line(r))

main()
