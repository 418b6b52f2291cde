#!/usr/bin/env python3
"""The peer for tools/bench's libinput-record parse figure: Python's yaml.load with the
libyaml C loader (CSafeLoader), as libinput's own analysis tools read recordings.
Prints "EVENTS SECONDS" (the events counted in the loaded document, not timed)."""
import sys, time, yaml
start = time.perf_counter()
with open(sys.argv[1]) as f:
    doc = yaml.load(f, Loader=yaml.CSafeLoader)
seconds = time.perf_counter() - start
events = sum(len(item.get("evdev") or []) for item in doc["devices"][0]["events"])
print(events, "%.6f" % seconds)
