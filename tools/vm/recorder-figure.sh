#!/bin/sh
# In-VM script (VM_SCRIPT) behind tools/bench-recorder: the recorder under load beside its
# peer (issue 26, item 4). /data/recordings/grid.txt (written by tools/bench-recorder) names
# the loads and the modes:
#   cell FINGERS RATE FILE     a load (tools/vm/make-load-recording.py: FINGERS contacts
#                              moving every frame at RATE Hz), FILE under /data/recordings
#   modes alone|together ...   alone: `touchtape record` on one play of the load, then
#                              `evemu-record` on another; together: both on one play
#   repeat N                   (optional, default 1) the whole grid N times over, one round
#                              after the other, so that each cell is measured at N moments
#   context 1                  (optional) print the lines around each file's first SYN_DROPPED
# For each cell and mode `touchtape play` drives a uinput touchscreen from the load and the
# recorder(s) record it. Each recorder's file is counted the same way:
#   kept = events in the file (E: lines) - SYN_DROPPED markers - what the recorder added
#          itself after each marker: touchtape record writes a SYN_REPORT closing the window
#          the kernel says to discard, then libevdev's resync delta (events stamped with the
#          marker's time, up to its SYN_REPORT); evemu-record reads raw events (read(2), no
#          libevdev) and adds nothing;
#   lost = events the kernel passed to readers (play --write-expected) - kept.
# Printed, one line per recorder and run, "RECBENCH: key=value ..." (tools/bench-recorder
# makes the table from them), and "RECORDER:" lines with touchtape's --stats (CPU share,
# kernel time -> written delay) and the player's timing. Losses are figures, not failures:
# a run fails only when a program does (no device, a recorder's exit status, a wait that
# runs out).
# Synchronised as the round trips are (tools/vm/vm-lib.sh): on what the programs print, on a
# descriptor open on the node and on each recorder having read everything (wait_idle),
# never on a sleep.
. /tests/vm-lib.sh
grid=/data/recordings/grid.txt
LOAD_TIMEOUT=${LOAD_TIMEOUT:-1800}

# count FILE RESYNC: "total dropped added kept" for a recording. RESYNC=1 skips, after each
# SYN_DROPPED marker at time t, the SYN_REPORT at t that follows it and then the events at t
# up to and including the next SYN_REPORT (libevdev's delta; its events carry the marker's
# time). An event at another time ends the skipping (an empty delta adds nothing).
count() {
    awk -v resync="$2" '
        /^E: / { total++
                 if ($3 == "0000" && $4 == "0003") { dropped++; if (resync) { st = 1; t = $2 }; next }
                 if (st == 1) { if ($2 == t && $3 == "0000" && $4 == "0000") { added++; st = 2; next }; st = 0 }
                 if (st == 2) { if ($2 == t) { added++; if ($3 == "0000" && $4 == "0000") st = 0; next }; st = 0 }
               }
        END { printf "%d %d %d %d\n", total, dropped, added, total - dropped - added }' "$1"
}
context() {
    grep -q '^context 1' "$grid" || return 0
    awk -v who="$2" '/^E: / { n++; l[n] = $0; if ($3 == "0000" && $4 == "0003" && !at) at = n }
        END { if (!at) exit; for (i = at - 3; i <= at + 14 && i <= n; i++) if (i > 0) print "CONTEXT " who ": " l[i] }' "$1"
}
# report CELLDESC MODE RECORDER FILE RESYNC EXPECTED EXIT [EXTRA]
report() {
    set -- "$1" "$2" "$3" "$4" "$5" "$6" "$7" "${8:-stopped=0}" $(count "$4" "$5")
    echo "RECBENCH: $1 mode=$2 round=$round recorder=$3 expected=$6 file=$9 syn_dropped=${10} added=${11} kept=${12} lost=$(($6 - ${12})) exit=$7 $8"
    context "$4" "$3 $1 $2"
}

# wait_evemu PID ERRFILE SECONDS: wait_idle for evemu-record, which may also stop by itself
# (it says why on stderr first, see run): until it sleeps in poll, has said something on
# stderr or has ended
wait_evemu() {
    _until=$(( $(date +%s) + $3 ))
    while :; do
        is_idle "$1" && return 0
        grep -q . "$2" && return 0
        [ -d /proc/$1 ] || return 0
        [ "$(date +%s)" -lt $_until ] || break
        sleep 0.1
    done
    echo "  timeout: evemu-record ($1) still busy after $3 s"
    return 1
}

# run CELL MODE: one play of the load with touchtape record and/or evemu-record attached
run() {
    cell=$1; mode=$2; fingers=$3; rate=$4; file=$5
    d=$W/$cell-$mode; rm -rf "$d"
    desc="fingers=$fingers rate=$rate"
    if ! start_play "$d" "/data/recordings/$file" --device-name "TT load $cell"; then
        failed "$cell $mode: play made no device"; return 1
    fi
    tpid=""; epid=""; ok=1
    case $mode in (tt|together)
        $TT record "$NODE" -o "$d/tt.evemu" --stats 2> "$d/tt.err" &
        tpid=$!
        wait_for_line "$d/tt.err" '^recording ' 60 || ok=0 ;;
    esac
    case $mode in (evemu|together)
        evemu-record "$NODE" > "$d/evemu.evemu" 2> "$d/evemu.err" &
        epid=$!
        # it prints nothing when ready: it has opened the node and, its description written,
        # sleeps in poll
        { wait_open $epid "$NODE" 60 && wait_idle $epid 60; } || ok=0 ;;
    esac
    if [ $ok = 1 ]; then
        release_play
        wait_for_line "$d/play.err" 'timing error' "$LOAD_TIMEOUT" || ok=0
        [ -n "$tpid" ] && { wait_idle $tpid 600 || ok=0; }
        [ -n "$epid" ] && { wait_evemu $epid "$d/evemu.err" 600 || ok=0; }
    fi
    trc=0; erc=0; estopped=0
    [ -n "$tpid" ] && { kill -INT $tpid; wait $tpid; trc=$?; }
    # evemu-record ends on SIGINT with 0 (its handler flushes; poll's EINTR ends its loop).
    # It also stops by itself, exit 0, saying "error: could not record device", when its
    # read(2) on the O_NONBLOCK node fails: EAGAIN when the kernel's overflow emptied its
    # buffer between poll saying readable and the read (evdev's __pass_event sets
    # packet_head = tail). Its file then ends there: a figure of the peer, not a failure here.
    if [ -n "$epid" ]; then
        grep -q . "$d/evemu.err" && estopped=1
        kill -INT $epid 2>/dev/null; wait $epid; erc=$?
        [ $erc = 130 ] && erc=0
    fi
    stop_play
    expected=$(grep -c '^E:' "$d/expected")
    shown=$mode; [ "$mode" = together ] || shown=alone
    echo "RECORDER: $desc round=$round mode=$shown $(grep '^played' "$d/play.err")"
    echo "RECORDER: $desc round=$round mode=$shown play $(grep 'timing error' "$d/play.err")"
    [ -n "$tpid" ] && { report "$desc" "$shown" touchtape "$d/tt.evemu" 1 "$expected" $trc
                        echo "RECORDER: $desc round=$round mode=$shown touchtape $(grep '^stats:' "$d/tt.err")"; }
    if [ -n "$epid" ]; then
        report "$desc" "$shown" evemu-record "$d/evemu.evemu" 0 "$expected" $erc "stopped=$estopped"
        [ $estopped = 1 ] && echo "RECORDER: $desc round=$round mode=$shown evemu-record stopped by itself: $(head -n 1 "$d/evemu.err")"
    fi
    if [ $ok = 1 ] && [ $trc = 0 ] && [ $erc = 0 ] && [ "$expected" -gt 0 ]; then
        pass "recorder table: round $round, $desc $mode ran ($expected events passed to readers)"
    else
        failed "recorder table: round $round, $desc $mode: waits ok=$ok, touchtape exit $trc, evemu-record exit $erc, $expected expected"
        [ -n "$tpid" ] && tail -5 "$d/tt.err"
        [ -n "$epid" ] && tail -5 "$d/evemu.err"
    fi
    rm -f "$d/tt.evemu" "$d/evemu.evemu" "$d/expected"   # the VM's memory holds /tmp
}

echo "RECORDER: vCPUs $(grep -c ^processor /proc/cpuinfo), $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), kernel $(uname -r)"
modes=$(sed -n 's/^modes //p' "$grid")
repeat=$(sed -n 's/^repeat //p' "$grid"); repeat=${repeat:-1}
round=1
while [ $round -le $repeat ]; do
    # the cells as FINGERS:RATE:FILE words
    for c in $(awk '$1 == "cell" { print $2 ":" $3 ":" $4 }' "$grid"); do
        fingers=${c%%:*}; rest=${c#*:}; rate=${rest%%:*}; file=${rest#*:}
        for m in $modes; do
            case $m in
                (alone) run "${fingers}f-${rate}hz" tt "$fingers" "$rate" "$file"
                        run "${fingers}f-${rate}hz" evemu "$fingers" "$rate" "$file" ;;
                (together) run "${fingers}f-${rate}hz" together "$fingers" "$rate" "$file" ;;
            esac
        done
    done
    round=$((round + 1))
done
echo "VM scenarios: $PASSED passed, $FAILED failed"
[ $FAILED -eq 0 ] && [ $PASSED -gt 0 ]
