#!/bin/sh
# In-VM test script (busybox sh), run by /init as /tests/run.sh. One boot runs every scenario.
# Layout inside the VM:
#   /tests/touchtape          the release binary (built by tools/vm-test)
#   /data/gen/*.evemu         devices + gestures from tools/vm/make-test-devices.py
#   /data/recordings/         the project's Recordings/ (may be empty)
#   /data/peers/              ../shared/data/peer-recordings (real hardware recordings)
# Each scenario prints "SCENARIO PASS: ..." or "SCENARIO FAIL: ..."; the last lines are
# "VM scenarios: N passed, N failed" and the exit status (0 only when none failed).
# Round trips and their tolerances: tools/vm/vm-lib.sh.
. /tests/vm-lib.sh     # TT, W, the tolerances, pass/failed/skip, compare, roundtrip (tools/vm/vm-lib.sh)

# `touchtape inspect` is another helper's; use it where it exists
if $TT inspect --help 2>&1 | grep -q 'not built yet'; then INSPECT=""; echo "(touchtape inspect not built yet: files are checked with play --dry-run only)"; else INSPECT=1; fi

echo "=== devices with no touch device yet"
$TT devices > $W/devices0.txt; rc=$?
if [ $rc -eq 0 ] && grep -q '/dev/input/event0' $W/devices0.txt; then pass "devices lists the VM keyboard (exit 0)"; else failed "devices (exit $rc)"; cat $W/devices0.txt; fi

echo "=== round trips: generated devices (protocol B, A, single touch, clickpad with tool keys)"
roundtrip protocol-b /data/gen/tt-protocol-b.evemu
roundtrip protocol-b-track2 /data/gen/tt-protocol-b.evemu --track 2
# recorder picks the device by a case-insensitive part of its name
REC_DEV="tt PROTOCOL-A"
roundtrip protocol-a /data/gen/tt-protocol-a.evemu
REC_DEV=""
# the recorder grabs the device; a second grab must fail with exit 3
REC_ARGS="--grab"
HOOK='sleep 0.3; $TT record "$NODE" --grab -o $W/grab2.evemu > /dev/null 2> $W/grab2.err; GRC=$?'
roundtrip single-touch /data/gen/tt-single-touch.evemu
REC_ARGS=""; HOOK=""
if [ "$GRC" -eq 3 ] && grep -q "cannot grab" $W/grab2.err; then pass "record --grab holds the device: a second --grab exits 3 'cannot grab'"
else failed "second grab: exit $GRC"; cat $W/grab2.err; fi
HOOK='$TT devices > $W/devices-pad.txt; $TT devices --format json > $W/devices-pad.json'
roundtrip touchpad /data/gen/tt-touchpad.evemu
HOOK=""
if grep -q 'kind: touchpad, protocol: multitouch B (2 slots), finger tool keys up to 3' $W/devices-pad.txt \
   && grep -q 'ABS_MT_POSITION_X 0..3199, 32 units/mm (100.0 mm)' $W/devices-pad.txt \
   && grep -q '"kind": "touchpad"' $W/devices-pad.json; then
    pass "devices shows the clickpad's kind, protocol, tool keys and resolution (text and json)"
else
    failed "devices output for the clickpad"; cat $W/devices-pad.txt
fi

echo "=== round trips: the project's Recordings/"
found=0
for f in /data/recordings/*; do
    [ -f "$f" ] || continue
    case "$f" in (*.md|*.txt|*.json) continue ;; esac
    found=$((found + 1))
    roundtrip "rec-$(basename "$f" | tr ' ' '_')" "$f"
done
[ $found -eq 0 ] && echo "  (Recordings/ holds no recordings yet: nothing to play)"

echo "=== round trips: peer recordings (real hardware)"
for f in /data/peers/*.evemu /data/peers/*.events /data/peers/*.event; do
    [ -f "$f" ] || continue
    roundtrip "peer-$(basename "$f" | tr ' ' '_')" "$f"
done

echo "=== interop: evemu-record and libinput record beside touchtape record"
HOOK='evemu-record "$NODE" > "$d/evemu-record.evemu" 2> "$d/evemu-record.err" & EPID=$!
libinput-record -o "$d/libinput.yml" "$NODE" > "$d/libinput.log" 2>&1 & LPID=$!'
AFTER='kill -INT $EPID $LPID 2>/dev/null; wait $EPID; wait $LPID'
roundtrip interop /data/gen/tt-protocol-b.evemu
HOOK=""; AFTER=""
d=$W/rt-interop
compare "evemu-record on the device touchtape plays" "$d/expected" "$d/evemu-record.evemu"
if $TT play "$d/evemu-record.evemu" --dry-run > $d/evemu-dry.txt 2>&1 && grep -q '3 track(s)' $d/evemu-dry.txt; then
    pass "touchtape reads evemu-record's file: $(head -n 1 $d/evemu-dry.txt | sed 's/.*), //')"
else failed "touchtape reading evemu-record's file"; cat $d/evemu-dry.txt; fi
compare "libinput record on the device touchtape plays" "$d/expected" "$d/libinput.yml"
if $TT play "$d/libinput.yml" --dry-run > $d/libinput-dry.txt 2>&1 && grep -q '3 track(s)' $d/libinput-dry.txt; then
    pass "touchtape reads libinput record's YAML: $(head -n 1 $d/libinput-dry.txt | sed 's/.*), //')"
else failed "touchtape reading libinput record's YAML"; cat $d/libinput-dry.txt; head -30 "$d/libinput.yml"; fi

echo "=== round trip recorded as libinput record YAML (record --format libinput), then played from it"
REC_ARGS="--format libinput --expect cancel"; REC_EXT=yml
roundtrip libinput-out /data/gen/tt-touchpad.evemu
REC_ARGS=""; REC_EXT=""
if $TT play $W/rt-libinput-out/rec.yml --dry-run > $W/libinput-out.dry 2>&1 \
   && [ "$(grep -c 'expect cancel' $W/libinput-out.dry)" -ge 1 ]; then
    pass "touchtape reads its own libinput-format recording with the --expect marks"
else failed "reading touchtape's libinput-format recording"; cat $W/libinput-out.dry; fi
# and played from that YAML file: uinput gets the description libinput record wrote
roundtrip libinput-replayed $W/rt-libinput-out/rec.yml

echo "=== interop: touchtape's file through evemu-device + evemu-play, recorded back by touchtape"
d=$W/evemu-play; mkdir -p $d
src=$W/rt-protocol-b/rec.evemu
evemu-device "$src" > $d/device.out 2>&1 &
DPID=$!
if wait_grep $d/device.out /dev/input/event 50; then
    node=$(grep -o '/dev/input/event[0-9]*' $d/device.out | head -n 1)
    $TT record "$node" -o $d/back.evemu 2> $d/rec.err &
    rpid=$!
    sleep 1
    evemu-play "$node" < "$src" > $d/play.out 2>&1
    sleep 0.3
    kill -INT $rpid; wait $rpid; rrc=$?
    kill $DPID; wait $DPID
    [ $rrc -eq 0 ] || { failed "evemu-play round trip: recorder exit $rrc"; cat $d/rec.err; }
    compare "touchtape file -> evemu-device/evemu-play -> touchtape record" "$src" $d/back.evemu
else
    failed "evemu-device rejected touchtape's file"; cat $d/device.out; kill $DPID
fi

echo "=== faults: unplug, SIGINT, SIGTERM, full disk, no permission; --gestures, --duration (one long play, six recorders)"
d=$W/faults; mkdir -p /mnt/small
# 48 KB: the evemu header (~2.5 KB) and gesture 1 (~33 KB of E: lines with evemu's comments)
# fit, gesture 2 does not
mount -t tmpfs -o size=48k tmpfs /mnt/small
# --start-delay 4: six recorders and three `su` runs start before the first event; under TCG
# a recorder still starting when events flow overflows its buffer (SYN_DROPPED) and loses a gesture.
if start_play "$d" /data/gen/tt-long.evemu --device-name "TT Long" --start-delay 4; then
    $TT record "$NODE" -o $d/unplug.evemu 2> $d/unplug.err & UPID=$!
    $TT record "$NODE" -o $d/int.evemu --expect finish --note "sigint test" 2> $d/int.err & IPID=$!
    $TT record "$NODE" -o $d/term.evemu 2> $d/term.err & TPID=$!
    $TT record "$NODE" -o /mnt/small/full.evemu 2> $d/full.err & FPID=$!
    $TT record "$NODE" -o $d/one.evemu --gestures 1 2> $d/one.err & OPID=$!
    for e in unplug int term one; do wait_grep $d/$e.err '^recording ' 50; done
    wait_grep $d/full.err '^recording ' 50
    # permission: a non-root user may not open the node (mode 0600 root)
    chmod 0600 "$NODE"
    su tt -c "$TT record $NODE -o /tmp/perm.evemu" > $d/perm.out 2> $d/perm.err; PRC=$?
    su tt -c "$TT devices" > $d/perm-devices.txt 2>&1; PDRC=$?
    su tt -c "$TT record 'TT Long' -o /tmp/perm2.evemu" > /dev/null 2> $d/perm-name.err; PNRC=$?
    chmod 0600 /dev/uinput
    su tt -c "$TT play /data/gen/tt-protocol-b.evemu" > /dev/null 2> $d/perm-uinput.err; PURC=$?
    # names: none matches, several match ("t" is in the VM keyboard's name and in "TT Long")
    $TT record 'no such touchscreen' -o $W/none.evemu > /dev/null 2> $d/name-none.err; NNRC=$?
    $TT record 't' -o $W/many.evemu > /dev/null 2> $d/name-many.err; NMRC=$?
    # --duration: started when gesture 1 has ended (seen within 0.1 s, plus up to ~0.3 s of
    # start-up under TCG); gesture 2 starts 0.4 s after that end and lasts 0.8 s, so a 0.6 s
    # recording ends 0.2-0.5 s into gesture 2 (timing is relative to the recorder's own start
    # because a start-up lag of ~0.5 s under TCG made an absolute schedule miss the gesture)
    wait_grep $d/unplug.err 'gesture 1:' 200
    $TT record "$NODE" -o $d/dur.evemu --duration 0.6 2> $d/dur.err & DPID=$!
    # mid-gesture 3: gesture 2 has ended, then 0.4 s gap + ~0.3 s into gesture 3
    wait_grep $d/unplug.err 'gesture 2:' 200
    sleep 0.7
    kill -INT $IPID; kill -TERM $TPID
    wait $IPID; IRC=$?; wait $TPID; TRC=$?
    kill -9 $PLAY_PID; wait $PLAY_PID
    wait $UPID; URC=$?
    wait $FPID; FRC=$?
    wait $OPID; ORC=$?; wait $DPID; DRC=$?

    check_file() { # NAME FILE COMPLETE_MIN WANT_CUT
        dry=$W/$(basename "$2").dry
        # `inspect` (once built) must read the file too; the counts come from play --dry-run,
        # whose output this script knows
        if [ -n "$INSPECT" ] && ! $TT inspect "$2" > $dry.inspect 2>&1; then
            failed "$1: touchtape inspect cannot read $2"; cat $dry.inspect; return 1
        fi
        $TT play "$2" --dry-run > $dry 2>&1 || { failed "$1: touchtape cannot read $2"; cat $dry; return 1; }
        tracks=$(grep -c '^  track' $dry); cut=$(grep -c 'cut short' $dry)
        complete=$((tracks - cut))
        if [ $complete -lt "$3" ] || [ "$cut" -ne "$4" ]; then
            failed "$1: $complete complete + $cut cut-short track(s), expected >= $3 + $4"; cat $dry; return 1
        fi
        return 0
    }
    if [ $URC -eq 3 ] && grep -q 'device disappeared' $d/unplug.err && check_file unplug $d/unplug.evemu 2 1; then
        pass "unplug mid-gesture: exit 3, 'device disappeared', file readable with $complete complete gestures + 1 cut short"
    else failed "unplug: exit $URC"; cat $d/unplug.err; fi
    if [ $IRC -eq 0 ] && grep -q '^SIGINT' $d/int.err && check_file sigint $d/int.evemu 2 1 && grep -q 'expect finish, cut short, note: sigint test' $W/int.evemu.dry; then
        pass "SIGINT mid-gesture: exit 0, file readable with $complete complete gestures + the cut-short one marked"
    else failed "SIGINT: exit $IRC"; cat $d/int.err; fi
    if [ $TRC -eq 0 ] && grep -q '^SIGTERM' $d/term.err && check_file sigterm $d/term.evemu 2 1; then
        pass "SIGTERM mid-gesture: exit 0, file readable with $complete complete gestures + 1 cut short"
    else failed "SIGTERM: exit $TRC"; cat $d/term.err; fi
    if [ $FRC -eq 3 ] && grep -q 'no space left on device while writing /mnt/small/full.evemu' $d/full.err \
       && check_file "full disk" /mnt/small/full.evemu 1 0; then
        pass "full disk (48k tmpfs): exit 3, error names the file, file readable with $complete complete gesture(s)"
    else failed "full disk: exit $FRC"; cat $d/full.err; ls -l /mnt/small; fi
    if [ $ORC -eq 0 ] && grep -q '^1 gesture(s) recorded: 1 complete' $d/one.err && check_file gestures $d/one.evemu 1 0; then
        pass "record --gestures 1 stops after the first gesture, exit 0"
    else failed "record --gestures 1: exit $ORC"; cat $d/one.err; fi
    if [ $DRC -eq 0 ] && grep -q '^duration reached' $d/dur.err && check_file duration $d/dur.evemu 0 1; then
        pass "record --duration stops on time, closes the gesture in progress as cut short, exit 0"
    else failed "record --duration: exit $DRC"; cat $d/dur.err; fi
    if [ $PRC -eq 3 ] && grep -q "permission denied opening $NODE" $d/perm.err && grep -q "usermod -aG input" $d/perm.err; then
        pass "no permission: exit 3 with the input-group hint"
    else failed "no permission: exit $PRC"; cat $d/perm.err; fi
    if [ $PDRC -eq 0 ] && grep -q "$NODE  (cannot open: permission denied" $d/perm-devices.txt && grep -q 'hint: add your user' $d/perm-devices.txt; then
        pass "devices as a user without rights: node shown with the permission hint, exit 0"
    else failed "devices without rights: exit $PDRC"; cat $d/perm-devices.txt; fi
    if [ $PNRC -eq 2 ] && grep -q 'could not be opened' $d/perm-name.err; then
        pass "record by name without rights: exit 2, says devices could not be opened"
    else failed "record by name without rights: exit $PNRC"; cat $d/perm-name.err; fi
    if [ $PURC -eq 3 ] && grep -q 'permission denied opening /dev/uinput' $d/perm-uinput.err && grep -q 'udev rule' $d/perm-uinput.err; then
        pass "play without rights on /dev/uinput: exit 3 with the uinput hint"
    else failed "play without /dev/uinput rights: exit $PURC"; cat $d/perm-uinput.err; fi
    if [ $NNRC -eq 2 ] && grep -q 'no input device name contains "no such touchscreen"' $d/name-none.err; then
        pass "record NAME matching no device: exit 2, says so"
    else failed "record NAME matching nothing: exit $NNRC"; cat $d/name-none.err; fi
    if [ $NMRC -eq 2 ] && grep -q '"t" matches [0-9]* devices' $d/name-many.err && grep -q 'TT Long' $d/name-many.err; then
        pass "record NAME matching several devices: exit 2, lists them"
    else failed "record NAME matching several: exit $NMRC"; cat $d/name-many.err; fi
else
    failed "faults: play made no device"
fi
umount /mnt/small

echo "=== SYN_DROPPED: a stalled recorder during an as-fast-as-possible play"
d=$W/dropped
if start_play "$d" /data/gen/tt-long.evemu --device-name "TT Dropped" --as-fast-as-possible; then
    $TT record "$NODE" -o $d/rec.evemu 2> $d/rec.err &
    rpid=$!
    sleep 0.5; kill -STOP $rpid
    wait_played "$d"
    kill -CONT $rpid; sleep 0.5
    kill -INT $rpid; wait $rpid; rrc=$?
    stop_play
    if [ $rrc -eq 0 ] && grep -q 'SYN_DROPPED at' $d/rec.err && grep -q '^E: [0-9.]* 0000 0003' $d/rec.evemu \
       && $TT play $d/rec.evemu --dry-run > $d/dry.txt 2>&1; then
        pass "SYN_DROPPED reported live and recorded in the file, which stays readable"
    else failed "SYN_DROPPED: exit $rrc"; cat $d/rec.err; fi
else failed "SYN_DROPPED: play made no device"; fi

echo "VM scenarios: $PASSED passed, $FAILED failed, $SKIPPED skipped"
[ $FAILED -eq 0 ]
