#!/usr/bin/env python3
"""Writes a recording of N short pans down (one finger, 60 Hz, alternate ones labelled),
for tools/bench's memory-in-the-track-count figures.

    many-tracks.py OUT.evemu N ROOT

The device description is the one of ROOT/Recordings/touchscreen-pan-down-finish.evemu
(the synthetic touchscreen); each pan: touch down, six moves of 40 units down at 60 Hz,
lift, 300 ms apart; every other one labelled finish with a note, as `label` or `live`
writes marks."""
import sys

out, n, root = sys.argv[1], int(sys.argv[2]), sys.argv[3]
header = []
with open(root + "/Recordings/touchscreen-pan-down-finish.evemu") as f:
    for line in f:
        if line.startswith("E:"):
            break
        if not line.startswith("# touchtape:"):
            header.append(line)
t = 1_000_000
with open(out, "w") as f:
    f.writelines(header)
    def ev(typ, code, value):
        f.write("E: %d.%06d %04x %04x %d\n" % (t // 1_000_000, t % 1_000_000, typ, code, value))
    for k in range(n):
        y = 300
        ev(3, 0x39, k % 65535); ev(3, 0x35, 500); ev(3, 0x36, y); ev(1, 0x14a, 1); ev(3, 0, 500); ev(3, 1, y); ev(0, 0, 0)
        for _ in range(6):
            t += 16_667
            y += 40
            ev(3, 0x36, y); ev(3, 1, y); ev(0, 0, 0)
        t += 16_667
        ev(3, 0x39, -1); ev(1, 0x14a, 0); ev(0, 0, 0)
        if k % 2 == 0:
            f.write("# touchtape: expect=finish note=\"pan %d\"\n" % (k + 1))
        t += 300_000
