#!/bin/sh
# In-VM script (VM_SCRIPT) that re-records recordings through a real kernel: each file in
# /data/recordings (the project's Recordings/) is played into uinput by `touchtape play` and
# recorded back by `touchtape record`, then sent to the host with vm-export.
#   VM_SCRIPT=tools/vm/remake-recordings.sh VM_EXPORT_DIR=/tmp/remade tools/vm-test
# The files that come out hold exactly what a reader of a real device sees (the kernel's
# filtering, its frame timestamps). Per-gesture marks (--expect/--note) apply to the whole
# recording here; a generator that needs per-track outcomes plays one track at a time
# (`play --track N`, `record --gestures 1 --expect ...`).
TT=/tests/touchtape
set -- /data/recordings/*.evemu /data/recordings/*.events
[ "${RECORD_LIMIT:-0}" -gt 0 ] 2>/dev/null || RECORD_LIMIT=100000
n=0; rc=0
for f in "$@"; do
    [ -f "$f" ] || continue
    n=$((n + 1)); [ $n -gt "$RECORD_LIMIT" ] && break
    name=$(basename "$f"); out=/tmp/remade-$n.evemu
    $TT play "$f" --start-delay 1 --hold 60 > /tmp/play.out 2> /tmp/play.err &
    ppid=$!
    i=0; while ! grep -q /dev/input/event /tmp/play.out && [ $i -lt 150 ]; do sleep 0.1; i=$((i + 1)); done
    node=$(grep -o '/dev/input/event[0-9]*' /tmp/play.out | head -n 1)
    $TT record "$node" -o $out 2> /tmp/rec.err &
    rpid=$!
    i=0; while ! grep -q 'timing error' /tmp/play.err && [ $i -lt 1200 ]; do sleep 0.1; i=$((i + 1)); done
    sleep 0.3; kill -INT $rpid; wait $rpid || rc=1
    kill -INT $ppid; wait $ppid
    /tests/vm-export $out "$name" || rc=1
done
echo "remade $n recording(s)"
exit $rc
