#!/bin/sh
# Helpers shared by the in-VM scripts (busybox sh), sourced as /tests/vm-lib.sh:
# tools/vm/run-tests.sh (the test scenarios) and tools/vm/remake-recordings.sh.
#
# Round trip = `touchtape play` into uinput, `touchtape record` attached ~1 s before the first
# event; the recorded events must equal, event for event (type, code, value), what
# `play --write-expected` says readers see (the kernel input core's filtering modelled by
# KernelInputFilter), and every inter-frame time delta must match the recording's within
# TIMING_TOL_MS (deltas, not absolute times: kernel 6.1 restamps uinput events).
TT=/tests/touchtape
TIMING_TOL_MS=${TIMING_TOL_MS:-50}
TIMING_MEDIAN_TOL_MS=${TIMING_MEDIAN_TOL_MS:-4}
PASSED=0; FAILED=0; SKIPPED=0
W=/tmp/vmt; mkdir -p $W

pass() { PASSED=$((PASSED + 1)); echo "SCENARIO PASS: $*"; }
failed() { FAILED=$((FAILED + 1)); echo "SCENARIO FAIL: $*"; }
skip() { SKIPPED=$((SKIPPED + 1)); echo "SCENARIO SKIP: $*"; }

# wait_grep FILE PATTERN TENTHS: wait until FILE contains PATTERN (up to TENTHS × 0.1 s)
wait_grep() {
    i=0
    while [ $i -lt "$3" ]; do
        grep -q "$2" "$1" 2>/dev/null && return 0
        sleep 0.1; i=$((i + 1))
    done
    return 1
}
# "type code value" (decimal) of every event of an evemu file (E: lines, hex type/code,
# values zero-padded like -001) or a libinput record file (rows "- [sec, usec, type, code, value]").
# Done on the text: busybox awk would read a zero-padded 0400 as octal.
evlines() {
    awk 'function hex(s,  i, n) { n = 0; s = tolower(s)
                                  for (i = 1; i <= length(s); i++) n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
                                  return n }
         function dec(v,  s) { s = ""; if (v ~ /^-/) { s = "-"; v = substr(v, 2) }
                               sub(/^0+/, "", v); if (v == "") { v = "0"; s = "" }; return s v }
         /^E: / { print hex($3), hex($4), dec($5); next }
         /^ *- \[ *[0-9]/ { sub(/^[^[]*\[/, ""); sub(/\].*/, ""); gsub(/ /, ""); split($0, f, ",")
                            print f[3] + 0, f[4] + 0, dec(f[5]) }' "$1"
}
# time of every SYN_REPORT (either format), as seconds.microseconds
frametimes() {
    awk '/^E: / { if ($3 == "0000" && $4 == "0000") print $2; next }
         /^ *- \[ *[0-9]/ { sub(/^[^[]*\[/, ""); sub(/\].*/, ""); gsub(/ /, ""); split($0, f, ",")
                            if (f[3] == 0 && f[4] == 0) printf "%d.%06d\n", f[1], f[2] }' "$1"
}
# "MAX MEDIAN" of |delta_expected - delta_recorded| between consecutive frames, in ms
delta_errors_ms() {
    frametimes "$1" > $W/ft.a; frametimes "$2" > $W/ft.b
    paste $W/ft.a $W/ft.b | awk 'NR > 1 { d = ($1 - pa) - ($2 - pb); if (d < 0) d = -d; printf "%.3f\n", d * 1000 }
                                 { pa = $1; pb = $2 }' | sort -n > $W/ft.err
    awk '{ v[NR] = $1 } END { if (NR == 0) { print "0 0"; exit }
                              printf "%.2f %.2f\n", v[NR], (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }' $W/ft.err
}
# compare NAME EXPECTED RECORDED [no-timing]
compare() {
    evlines "$2" > $W/cmp.a; evlines "$3" > $W/cmp.b
    n=$(wc -l < $W/cmp.a)
    if [ "$n" -eq 0 ]; then failed "$1: nothing expected (empty track?)"; return 1; fi
    if ! cmp -s $W/cmp.a $W/cmp.b; then
        failed "$1: events differ (expected $n, recorded $(wc -l < $W/cmp.b)); first differences:"
        diff $W/cmp.a $W/cmp.b | head -12
        return 1
    fi
    if [ "${4:-}" = no-timing ]; then pass "$1: $n events identical"; return 0; fi
    set -- "$1" "$2" "$3" $(delta_errors_ms "$2" "$3")
    if awk -v e="$4" -v m="$5" -v t="$TIMING_TOL_MS" -v tm="$TIMING_MEDIAN_TOL_MS" 'BEGIN { exit !(e <= t && m <= tm) }'; then
        pass "$1: $n events identical, frame deltas off by at most $4 ms, median $5 ms (tolerances $TIMING_TOL_MS / $TIMING_MEDIAN_TOL_MS ms)"
    else
        failed "$1: $n events identical but frame deltas are off by up to $4 ms, median $5 ms (tolerances $TIMING_TOL_MS / $TIMING_MEDIAN_TOL_MS ms)"
        return 1
    fi
}

# start_play DIR FILE [play args...]: starts play in the background; sets PLAY_PID and NODE
start_play() {
    d=$1; f=$2; shift 2
    mkdir -p "$d"
    $TT play "$f" --start-delay 1 --hold 60 --write-expected "$d/expected" "$@" > "$d/play.out" 2> "$d/play.err" &
    PLAY_PID=$!
    NODE=""
    if wait_grep "$d/play.out" /dev/input/event 150; then
        NODE=$(grep -o '/dev/input/event[0-9]*' "$d/play.out" | head -n 1)
        return 0
    fi
    cat "$d/play.err"; kill -INT $PLAY_PID 2>/dev/null; wait $PLAY_PID
    return 1
}
# wait until play has written its last event (its timing report), up to 120 s
wait_played() { wait_grep "$1/play.err" 'timing error' 1200; }
stop_play() { kill -INT $PLAY_PID 2>/dev/null; wait $PLAY_PID; }

# roundtrip NAME FILE [play args...]: env REC_EXT (evemu), REC_DEV, REC_ARGS, HOOK, AFTER,
# KEEP_DEVICE_NAME; the recorded file is $W/rt-NAME/rec.$REC_EXT
roundtrip() {
    name=$1; f=$2; shift 2
    d=$W/rt-$name
    # a device name of its own, unless KEEP_DEVICE_NAME (remade recordings keep the original)
    [ -n "${KEEP_DEVICE_NAME:-}" ] || set -- --device-name "TT $name" "$@"
    if ! start_play "$d" "$f" "$@"; then failed "$name: play made no device"; return 1; fi
    out="$d/rec.${REC_EXT:-evemu}"
    $TT record "${REC_DEV:-$NODE}" -o "$out" ${REC_ARGS:-} 2> "$d/rec.err" &
    rpid=$!
    [ -n "${HOOK:-}" ] && eval "$HOOK"
    if ! wait_played "$d"; then failed "$name: play did not finish"; cat "$d/play.err"; fi
    sleep 0.3
    kill -INT $rpid; wait $rpid; rrc=$?
    [ -n "${AFTER:-}" ] && eval "$AFTER"
    stop_play
    grep -h 'timing error' "$d/play.err" | sed "s/^/  $name play: /"
    if [ $rrc -ne 0 ]; then failed "$name: recorder exit $rrc"; cat "$d/rec.err"; return 1; fi
    compare "round trip $name" "$d/expected" "$out"
}

