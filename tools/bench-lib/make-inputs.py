#!/usr/bin/env python3
"""Writes tools/bench's long recordings: real gestures, repeated.

    make-inputs.py OUT.evemu --kind touchscreen|touchpad --fingers F --events N ROOT PEERS

The device is a real one (touchscreen: the Atmel maXTouch peer recording, protocol B with
10 slots; touchpad: the bcm5974 peer recording, protocol A, BTN_TOOL_TRIPLETAP). The
gestures are the real ones of every recording of that kind in Recordings/ (evemu) and the
peer recordings: each frame's contacts, normalised to the source device's axis ranges, keep
their real timing; F fingers follow them (finger k on contact k mod n, offset sideways by
k times 4 % of the width so they stay apart). Gestures repeat, 300 ms apart, until N
events. Events are written as the kernel sends them: unchanged values dropped, slot
switches only when needed, BTN_TOUCH / BTN_TOOL_* / ABS_X / ABS_Y as single-touch emulation.
"""
import glob, os, sys

def read_evemu(path, desc=None):
    header, events = [], []
    for p in ([desc] if desc else []) + [path]:
        with open(p, errors="replace") as f:
            for line in f:
                if line.startswith("E:"):
                    parts = line[2:].split("#")[0].split()
                    sec, usec = parts[0].split(".")
                    events.append((int(sec) * 1_000_000 + int(usec), int(parts[1], 16), int(parts[2], 16), int(parts[3])))
                elif not events and p == (desc or path) and line.startswith("# EVEMU "):
                    header.insert(0, line if line.endswith("\n") else line + "\n")
                elif not events and p == (desc or path) and line[:2] in ("N:", "I:", "P:", "B:", "A:", "L:", "S:"):
                    header.append(line if line.endswith("\n") else line + "\n")
    return header, events

def ranges(header):
    r = {}
    for line in header:
        if line.startswith("A:"):
            f = line.split()
            r[int(f[1], 16)] = (int(f[2]), int(f[3]))
    return r

def codes(header):
    bits = {}
    offset = {}
    for line in header:
        if line.startswith("B:"):
            f = line.split()
            t = int(f[1], 16)
            base = offset.get(t, 0)
            for i, byte in enumerate(f[2:]):
                for b in range(8):
                    if int(byte, 16) >> b & 1:
                        bits.setdefault(t, set()).add((base + i) * 8 + b)
            offset[t] = base + len(f) - 2
    return bits

ABS_X, ABS_Y, SLOT, MT_X, MT_Y, TID = 0x00, 0x01, 0x2f, 0x35, 0x36, 0x39
BTN_TOUCH = 0x14a
TOOLS = [0x145, 0x14d, 0x14e, 0x14f, 0x148]   # FINGER, DOUBLETAP, TRIPLETAP, QUADTAP, QUINTTAP

def gestures(header, events):
    """Lists of (time µs, [(x, y) normalised]) frames, one list per gesture."""
    r = ranges(header)
    xr = r.get(MT_X) or r.get(ABS_X)
    yr = r.get(MT_Y) or r.get(ABS_Y)
    norm = lambda v, rr: (v - rr[0]) / max(1, rr[1] - rr[0])
    slots, slot, pending, st = {}, 0, [], {}
    protocol_b = SLOT in r or any(e[1] == 3 and e[2] == TID for e in events[:2000])
    out, current = [], []
    for t, typ, code, value in events:
        if typ == 3 and code == SLOT: slot = value
        elif typ == 3 and code == TID:
            if value < 0: slots.pop(slot, None)
            else: slots[slot] = dict(slots.get(slot, {}))
        elif typ == 3 and code in (MT_X, MT_Y):
            if protocol_b: slots.setdefault(slot, {})[code] = value
            else: st[code] = value
        elif typ == 3 and code in (ABS_X, ABS_Y): st["s%d" % code] = value
        elif typ == 1 and code == BTN_TOUCH: st["touch"] = value
        elif typ == 0 and code == 2:   # SYN_MT_REPORT
            if MT_X in st and MT_Y in st: pending.append((st[MT_X], st[MT_Y]))
            st.pop(MT_X, None); st.pop(MT_Y, None)
        elif typ == 0 and code == 0:   # SYN_REPORT
            if protocol_b:
                pts = [(s[MT_X], s[MT_Y]) for _, s in sorted(slots.items()) if MT_X in s and MT_Y in s]
            elif pending or not (xr and MT_X in r):
                pts = pending or ([(st["s0"], st["s1"])] if st.get("touch") and "s0" in st and "s1" in st else [])
            else:
                pts = []
            pending = []
            pts = [(norm(x, xr), norm(y, yr)) for x, y in pts]
            if pts: current.append((t, pts))
            elif current:
                out.append(current); current = []
    if current: out.append(current)
    return [g for g in out if len(g) >= 3]

class Writer:
    def __init__(self, f, header, fingers, protocol_b):
        self.f, self.fingers, self.b = f, fingers, protocol_b
        r, c = ranges(header), codes(header)
        self.xr, self.yr = r.get(MT_X) or r[ABS_X], r.get(MT_Y) or r[ABS_Y]
        self.sx, self.sy = r.get(ABS_X, self.xr), r.get(ABS_Y, self.yr)
        keys = c.get(1, set())
        self.tools = [k for k in TOOLS if k in keys]
        self.touch = BTN_TOUCH in keys
        self.abs_st = ABS_X in r
        self.count = 0
        self.last = {}
        self.slot = -1
        self.tid = 0
        self.down = False
        self.buf = []

    def ev(self, t, typ, code, value):
        self.buf.append("E: %d.%06d %04x %04x %04d\n" % (t // 1_000_000, t % 1_000_000, typ, code, value))
        self.count += 1

    def abs(self, t, code, value, key):
        if self.last.get(key) != value:
            self.last[key] = value
            self.ev(t, 3, code, value)

    def frame(self, t, pts):
        f = self.fingers
        if pts:
            for k in range(f):
                x, y = pts[k % len(pts)]
                x = min(1.0, max(0.0, x + (k - (f - 1) / 2) * 0.04))
                px = int(self.xr[0] + x * (self.xr[1] - self.xr[0]))
                py = int(self.yr[0] + y * (self.yr[1] - self.yr[0]))
                if self.b:
                    if ("tid", k) not in self.last or self.last[("tid", k)] < 0 or not self.down:
                        self.select(t, k); self.tid += 1; self.last[("tid", k)] = self.tid; self.ev(t, 3, TID, self.tid)
                        self.last.pop(("x", k), None); self.last.pop(("y", k), None)
                    if self.last.get(("x", k)) != px: self.select(t, k); self.abs(t, MT_X, px, ("x", k))
                    if self.last.get(("y", k)) != py: self.select(t, k); self.abs(t, MT_Y, py, ("y", k))
                else:
                    self.ev(t, 3, MT_X, px); self.ev(t, 3, MT_Y, py); self.ev(t, 0, 2, 0)
            if not self.down:
                if self.touch: self.ev(t, 1, BTN_TOUCH, 1)
                if self.tools: self.ev(t, 1, self.tools[min(f, len(self.tools)) - 1], 1)
                self.down = True
            if self.abs_st:
                x0 = min(1.0, max(0.0, pts[0][0] - (f - 1) / 2 * 0.04))
                self.abs(t, ABS_X, int(self.sx[0] + x0 * (self.sx[1] - self.sx[0])), "sx")
                self.abs(t, ABS_Y, int(self.sy[0] + pts[0][1] * (self.sy[1] - self.sy[0])), "sy")
        else:
            if self.b:
                for k in range(f):
                    self.select(t, k); self.ev(t, 3, TID, -1); self.last[("tid", k)] = -1
            else:
                self.ev(t, 0, 2, 0)
            if self.touch: self.ev(t, 1, BTN_TOUCH, 0)
            if self.tools: self.ev(t, 1, self.tools[min(f, len(self.tools)) - 1], 0)
            self.down = False
        self.ev(t, 0, 0, 0)
        if len(self.buf) > 4096:
            self.f.write("".join(self.buf)); self.buf = []

    def select(self, t, k):
        if self.slot != k:
            self.slot = k
            self.ev(t, 3, SLOT, k)

    def flush(self):
        self.f.write("".join(self.buf)); self.buf = []

def main():
    args = sys.argv[1:]
    out = args[0]
    kind = args[args.index("--kind") + 1]
    fingers = int(args[args.index("--fingers") + 1])
    target = int(args[args.index("--events") + 1])
    root, peers = args[-2], args[-1]
    p = lambda name: os.path.join(peers, name)
    if kind == "touchscreen":
        device = (p("Atmel maXTouch Touchscreen.4-finger-drag-down.events"), None)
        sources = [(p("Atmel maXTouch Touchscreen.1-finger-drag-up-down.events"), None),
                   (p("Atmel maXTouch Touchscreen.4-finger-drag-down.events"), None),
                   (p("EP0430M09.2-finger-scroll-down.events"), None),
                   (p("dell_canvas_touch.evemu"), None),
                   (p("N-Trig MultiTouch.1-finger-drag-NW-SE.events"), p("N-Trig MultiTouch.desc"))]
        sources += [(f, None) for f in sorted(glob.glob(os.path.join(root, "Recordings", "touchscreen-*.evemu")))]
    else:
        device = (p("bcm5974.event"), None)
        sources = [(p("bcm5974.event"), None),
                   (p("SynPS2 Synaptics TouchPad.hp8470p.two-finger-scroll-horizontal.events"),
                    p("SynPS2 Synaptics TouchPad.hp8470p.desc"))]
    header, _ = read_evemu(*device)
    all_gestures = []
    for path, desc in sources:
        h, e = read_evemu(path, desc)
        all_gestures += gestures(h, e)
    if not all_gestures:
        sys.exit("make-inputs: no gestures found")
    protocol_b = SLOT in ranges(header)
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        # The device's own version line first (libevemu reads A: lines by it), then ours.
        version = [line for line in header if line.startswith("# EVEMU ")]
        f.writelines(version)
        f.write("# tools/bench: %d-finger %s, real gestures repeated (%d gestures from %d recordings)\n"
                % (fingers, kind, len(all_gestures), len(sources)))
        f.writelines(line for line in header if not line.startswith("#"))
        w = Writer(f, header, fingers, protocol_b)
        t = 1_000_000
        i = 0
        while w.count < target:
            g = all_gestures[i % len(all_gestures)]
            i += 1
            start = g[0][0]
            for ft, pts in g:
                w.frame(t + ft - start, pts)
            t += g[-1][0] - start + 8_000
            w.frame(t, [])
            t += 300_000
        w.flush()
    os.rename(tmp, out)
    print("%s: %d events, %d gestures" % (out, w.count, i))

main()
