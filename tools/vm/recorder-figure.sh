#!/bin/sh
# In-VM script (VM_SCRIPT) behind tools/bench-recorder: the recorder under load, issue 13's
# recorder figure. `touchtape play` drives a uinput touchscreen from /data/recordings/load.evemu
# (tools/vm/make-load-recording.py: 10 fingers moving every frame at 1 kHz) while
# `touchtape record --stats` records it. Printed, each line starting "RECORDER:":
#   - events the kernel passed to readers (play --write-expected) against events recorded:
#     the events lost, and the kernel's SYN_DROPPED count (events dropped before reading);
#   - the recorder's CPU time over the run's wall time (getrusage; in this VM the CPU is
#     emulated by qemu TCG, many times slower than the host, so the share is an upper bound);
#   - the delay from each frame's kernel timestamp to its bytes written (p50, p99, max).
# Synchronised as the round trips are (tools/vm/vm-lib.sh): on what the programs print and
# on the recorder having read everything (wait_idle), never on a sleep.
. /tests/vm-lib.sh
load=/data/recordings/load.evemu
d=$W/recorder
if ! start_play "$d" "$load" --device-name "TT load"; then
    failed "recorder figure: play made no device"
else
    $TT record "$NODE" -o "$d/rec.evemu" --stats 2> "$d/rec.err" &
    rpid=$!
    if wait_for_line "$d/rec.err" '^recording ' 60; then
        release_play
        wait_for_line "$d/play.err" 'timing error' "${LOAD_TIMEOUT:-1800}" || cat "$d/play.err"
        wait_idle $rpid 600
    fi
    kill -INT $rpid; wait $rpid; rrc=$?
    stop_play
    expected=$(grep -c '^E:' "$d/expected")
    recorded=$(grep -c '^E:' "$d/rec.evemu")
    echo "RECORDER: $(grep '^played' "$d/play.err")"
    echo "RECORDER: $(grep 'timing error' "$d/play.err")"
    echo "RECORDER: readers should see $expected events; recorded $recorded; lost $((expected - recorded))"
    echo "RECORDER: $(grep '^stats:' "$d/rec.err")"
    echo "RECORDER: vCPUs $(grep -c ^processor /proc/cpuinfo), $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
    if [ $rrc -eq 0 ] && [ "$expected" -eq "$recorded" ] && grep -q ' 0 SYN_DROPPED' "$d/rec.err"; then
        pass "recorder figure: every one of $expected events recorded, no SYN_DROPPED"
    else
        failed "recorder figure: recorder exit $rrc, $expected events expected, $recorded recorded"; tail -5 "$d/rec.err"
    fi
fi
echo "VM scenarios: $PASSED passed, $FAILED failed"
[ $FAILED -eq 0 ]
