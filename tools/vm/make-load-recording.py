#!/usr/bin/env python3
"""Writes the recorder's load: a protocol-B touchscreen with FINGERS contacts moving every
frame at RATE frames per second for SECONDS seconds, in gestures of two seconds (all
fingers land, pan, lift; the next gesture starts on the next frame), as an evemu file.

Usage: make-load-recording.py OUT [SECONDS=60] [FINGERS=10] [RATE=1000]
Every contact's X and Y change on every frame, so the kernel passes every event (its
filtering drops only repeated values); `touchtape play --write-expected` says so exactly.
Used by tools/bench-recorder (tools/vm/recorder-figure.sh in the VM): the recorder table of issue 26.
"""
import importlib.util
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("devices", os.path.join(here, "make-test-devices.py"))
devices = importlib.util.module_from_spec(spec)
spec.loader.exec_module(devices)


def main(out, seconds=60, fingers=10, rate=1000):
    step = 1_000_000 // rate
    frames_per_gesture = 2 * rate - 2          # landing + moves + lift = two seconds
    gestures = max(1, seconds // 2)
    # A large panel (real touchscreens report 0…32767): every frame moves each contact.
    big = (0, 32767, 100)
    screen = {devices.ABS_X: big, devices.ABS_Y: big, devices.ABS_MT_SLOT: (0, 9, 0),
              devices.ABS_MT_POSITION_X: big, devices.ABS_MT_POSITION_Y: big,
              devices.ABS_MT_TRACKING_ID: (0, 65535, 0)}
    s = devices.Stream()
    for g in range(gestures):
        # down on even gestures, up on odd ones; dx, dy at least one unit per frame
        dy = frames_per_gesture * 8 * (1 if g % 2 == 0 else -1)
        start_y = 2000 if g % 2 == 0 else 2000 + frames_per_gesture * 8
        devices.pan_b(s, fingers, (1000, start_y), frames_per_gesture, dy, frames_per_gesture, step,
                      track_base=1 + g * fingers)
    desc = devices.description("TouchTape load %d-finger touchscreen" % fingers, 0x0b10,
                               [devices.INPUT_PROP_DIRECT], [devices.BTN_TOUCH], screen)
    devices.write(out, desc, s)


if __name__ == "__main__":
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    main(args[0], *(int(a) for a in args[1:]))
