#!/usr/bin/env python3
"""Writes the evemu recordings the VM tests play: one per device shape TouchTape must
handle (protocol-B touchscreen, protocol-A touchscreen, single-touch screen, a clickpad
whose BTN_TOOL_* count exceeds its slots), each with a few pans, plus a long one for the
fault scenarios (kill mid-gesture, signals, full disk).

Usage: make-test-devices.py OUTDIR
The events are written as a driver would send them, including values that do not change
(the kernel filters those; the round-trip check models that) and an empty frame at the end.
"""
import os
import sys

EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
SYN_REPORT, SYN_MT_REPORT = 0, 2
ABS_X, ABS_Y, ABS_PRESSURE = 0x00, 0x01, 0x18
ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x2F, 0x35, 0x36, 0x39
BTN_LEFT, BTN_TOOL_FINGER, BTN_TOUCH = 0x110, 0x145, 0x14A
BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP, BTN_TOOL_QUADTAP, BTN_TOOL_QUINTTAP = 0x14D, 0x14E, 0x14F, 0x148
TOOLS = {1: BTN_TOOL_FINGER, 2: BTN_TOOL_DOUBLETAP, 3: BTN_TOOL_TRIPLETAP}
INPUT_PROP_POINTER, INPUT_PROP_DIRECT, INPUT_PROP_BUTTONPAD = 0, 1, 2
MAX_CODE = {EV_SYN: 0x0F, EV_KEY: 0x2FF, EV_ABS: 0x3F}


def mask_lines(prefix, bits, max_code):
    nbytes = (max_code + 1 + 7) // 8
    data = [0] * nbytes
    for b in bits:
        data[b // 8] |= 1 << (b % 8)
    lines = []
    for i in range(0, nbytes, 8):
        chunk = data[i:i + 8] + [0] * (8 - len(data[i:i + 8]))
        lines.append(prefix + " ".join("%02x" % x for x in chunk))
    return lines


def description(name, product, props, keys, axes, bus=0x0006, vendor=0x7474):
    out = ["# EVEMU 1.3", "# Made by tools/vm/make-test-devices.py for TouchTape's VM tests",
           "N: " + name, "I: %04x %04x %04x 0001" % (bus, vendor, product)]
    out += mask_lines("P: ", props, 63)
    out += mask_lines("B: 00 ", [0, 1, 3], MAX_CODE[EV_SYN])
    out += mask_lines("B: 01 ", keys, MAX_CODE[EV_KEY])
    out += mask_lines("B: 03 ", sorted(axes), MAX_CODE[EV_ABS])
    for code in sorted(axes):
        lo, hi, res = axes[code]
        out.append("A: %02x %d %d 0 0 %d" % (code, lo, hi, res))
    return out


class Stream:
    def __init__(self):
        self.t = 1  # microseconds; first event at 0.000001 like evemu-record
        self.lines = []

    def ev(self, type_, code, value):
        self.lines.append("E: %d.%06d %04x %04x %d" % (self.t // 1000000, self.t % 1000000, type_, code, value))

    def frame(self, events, step_us):
        for e in events:
            self.ev(*e)
        self.ev(EV_SYN, SYN_REPORT, 0)
        self.t += step_us


def pan_b(s, fingers, start, dx, dy, frames, step, tool_keys=False, track_base=100, slots_shown=None):
    """Protocol B pan: `fingers` contacts land together, move, lift. With tool_keys the
    BTN_TOOL_* key for the finger count is set (touchpad). slots_shown < fingers models a
    pad that tracks fewer slots than fingers (the tool key carries the count)."""
    shown = fingers if slots_shown is None else min(fingers, slots_shown)
    ev = []
    for f in range(shown):
        x, y = start[0] + 150 * f, start[1]
        ev += [(EV_ABS, ABS_MT_SLOT, f), (EV_ABS, ABS_MT_TRACKING_ID, track_base + f),
               (EV_ABS, ABS_MT_POSITION_X, x), (EV_ABS, ABS_MT_POSITION_Y, y)]
    ev += [(EV_KEY, BTN_TOUCH, 1)]
    if tool_keys:
        ev += [(EV_KEY, TOOLS[fingers], 1)]
    ev += [(EV_ABS, ABS_X, start[0]), (EV_ABS, ABS_Y, start[1])]
    s.frame(ev, step)
    for i in range(1, frames + 1):
        ev = []
        for f in range(shown):
            x = start[0] + 150 * f + dx * i // frames
            y = start[1] + dy * i // frames
            # a driver repeats the unchanged axis; the kernel drops it (modelled)
            ev += [(EV_ABS, ABS_MT_SLOT, f), (EV_ABS, ABS_MT_POSITION_X, x), (EV_ABS, ABS_MT_POSITION_Y, y)]
        ev += [(EV_ABS, ABS_X, start[0] + dx * i // frames), (EV_ABS, ABS_Y, start[1] + dy * i // frames)]
        s.frame(ev, step)
    ev = []
    for f in range(shown):
        ev += [(EV_ABS, ABS_MT_SLOT, f), (EV_ABS, ABS_MT_TRACKING_ID, -1)]
    ev += [(EV_KEY, BTN_TOUCH, 0)]
    if tool_keys:
        ev += [(EV_KEY, TOOLS[fingers], 0)]
    s.frame(ev, step)


def pan_a(s, fingers, start, dx, dy, frames, step):
    """Protocol A pan: every frame lists each contact followed by SYN_MT_REPORT."""
    for i in range(0, frames + 1):
        ev = []
        for f in range(fingers):
            ev += [(EV_ABS, ABS_MT_POSITION_X, start[0] + 200 * f + dx * i // frames),
                   (EV_ABS, ABS_MT_POSITION_Y, start[1] + dy * i // frames), (EV_SYN, SYN_MT_REPORT, 0)]
        ev += [(EV_KEY, BTN_TOUCH, 1), (EV_ABS, ABS_X, start[0] + dx * i // frames),
               (EV_ABS, ABS_Y, start[1] + dy * i // frames)]
        s.frame(ev, step)
    s.frame([(EV_SYN, SYN_MT_REPORT, 0), (EV_KEY, BTN_TOUCH, 0)], step)  # lift: empty contact list


def pan_single(s, start, dx, dy, frames, step):
    for i in range(0, frames + 1):
        ev = [(EV_ABS, ABS_X, start[0] + dx * i // frames), (EV_ABS, ABS_Y, start[1] + dy * i // frames),
              (EV_ABS, ABS_PRESSURE, 40)]
        if i == 0:
            ev.append((EV_KEY, BTN_TOUCH, 1))
        s.frame(ev, step)
    s.frame([(EV_KEY, BTN_TOUCH, 0), (EV_ABS, ABS_PRESSURE, 0)], step)


def write(path, desc, stream):
    with open(path, "w") as f:
        f.write("\n".join(desc + stream.lines) + "\n")
    print("wrote %s (%d events)" % (path, len(stream.lines)))


def main(out):
    os.makedirs(out, exist_ok=True)
    step, gap = 8000, 250000
    screen = {ABS_X: (0, 1919, 10), ABS_Y: (0, 1079, 10), ABS_MT_SLOT: (0, 9, 0),
              ABS_MT_POSITION_X: (0, 1919, 10), ABS_MT_POSITION_Y: (0, 1079, 10), ABS_MT_TRACKING_ID: (0, 65535, 0)}

    # protocol-B touchscreen: 1-finger pans down and right, a 2-finger pan
    s = Stream()
    pan_b(s, 1, (400, 200), 0, 600, 30, step, track_base=1)
    s.t += gap
    pan_b(s, 1, (300, 500), 900, 0, 20, step, track_base=2)
    s.t += gap
    pan_b(s, 2, (600, 300), 0, 500, 25, step, track_base=3)
    s.frame([], step)  # empty frame: the kernel drops it
    write(os.path.join(out, "tt-protocol-b.evemu"),
          description("TouchTape VM B Touchscreen", 0x0b01, [INPUT_PROP_DIRECT], [BTN_TOUCH], screen), s)

    # protocol-A touchscreen
    s = Stream()
    pan_a(s, 1, (500, 200), 300, 600, 25, step)
    s.t += gap
    pan_a(s, 2, (300, 600), 800, -300, 20, step)
    axes_a = {ABS_X: (0, 1919, 12), ABS_Y: (0, 1079, 12), ABS_MT_POSITION_X: (0, 1919, 12),
              ABS_MT_POSITION_Y: (0, 1079, 12)}
    write(os.path.join(out, "tt-protocol-a.evemu"),
          description("TouchTape VM A Touchscreen", 0x0a01, [INPUT_PROP_DIRECT], [BTN_TOUCH], axes_a), s)

    # single-touch screen
    s = Stream()
    pan_single(s, (100, 900), 0, -700, 25, step)
    s.t += gap
    pan_single(s, (900, 100), -500, 500, 20, step)
    axes_s = {ABS_X: (0, 1023, 8), ABS_Y: (0, 1023, 8), ABS_PRESSURE: (0, 255, 0)}
    write(os.path.join(out, "tt-single-touch.evemu"),
          description("TouchTape VM Single Touchscreen", 0x5101, [INPUT_PROP_DIRECT], [BTN_TOUCH], axes_s), s)

    # clickpad: 2 slots, finger tool keys up to 3: a 3-finger swipe shows 2 slots + TRIPLETAP
    pad = {ABS_X: (0, 3199, 32), ABS_Y: (0, 2175, 32), ABS_MT_SLOT: (0, 1, 0),
           ABS_MT_POSITION_X: (0, 3199, 32), ABS_MT_POSITION_Y: (0, 2175, 32), ABS_MT_TRACKING_ID: (0, 65535, 0)}
    keys = [BTN_LEFT, BTN_TOUCH, BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP]
    s = Stream()
    pan_b(s, 2, (800, 1600), 0, -900, 25, step, tool_keys=True, track_base=10)
    s.t += gap
    pan_b(s, 3, (700, 400), 1200, 0, 25, step, tool_keys=True, track_base=20, slots_shown=2)
    s.t += gap
    pan_b(s, 1, (1500, 1500), -600, -600, 20, step, tool_keys=True, track_base=30)
    write(os.path.join(out, "tt-touchpad.evemu"),
          description("TouchTape VM Clickpad", 0x7001, [INPUT_PROP_POINTER, INPUT_PROP_BUTTONPAD], keys, pad), s)

    # a USB touchpad with Apple's ids 05ac:0238 reporting resolution 0: systemd's 60-evdev.hwdb
    # has axis fixes for it (EVDEV_ABS_35=::92, EVDEV_ABS_36=::90) and libinput's quirks a size
    # (AttrSizeHint=104x75, "Apple Touchpads USB"); the record-stores-sizes scenario records it
    s = Stream()
    pan_b(s, 2, (800, 1600), 0, -900, 25, step, tool_keys=True, track_base=60)
    res0 = {ABS_X: (-4824, 5342, 0), ABS_Y: (-172, 5820, 0), ABS_MT_SLOT: (0, 1, 0),
            ABS_MT_POSITION_X: (-4824, 5342, 0), ABS_MT_POSITION_Y: (-172, 5820, 0), ABS_MT_TRACKING_ID: (0, 65535, 0)}
    write(os.path.join(out, "tt-apple-res0.evemu"),
          description("TouchTape VM Apple Touchpad", 0x0238, [INPUT_PROP_POINTER, INPUT_PROP_BUTTONPAD], keys, res0,
                      bus=0x0003, vendor=0x05AC), s)

    # long: one-finger pans with 0.4 s gaps for the fault scenarios: gestures 1, 2 and 4 last
    # 0.8 s; gesture 3 is a slow 20 s pan, so a player frozen (SIGSTOP) once gesture 3 has
    # begun holds the device inside a gesture however late the script gets there (the test
    # kills the player there; the rest of gesture 3 is never played)
    s = Stream()
    for g in range(4):
        frames, frame_step = (400, 50000) if g == 2 else (100, step)
        pan_b(s, 1, (300 + 100 * g, 200), 200, 700, frames, frame_step, track_base=50 + g)
        s.t += 400000
    write(os.path.join(out, "tt-long.evemu"),
          description("TouchTape VM Long Touchscreen", 0x0b02, [INPUT_PROP_DIRECT], [BTN_TOUCH], screen), s)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
