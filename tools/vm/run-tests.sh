#!/bin/sh
# In-VM test script (busybox sh), run by /init as /tests/run.sh. One boot runs every scenario.
# Layout inside the VM:
#   /tests/touchtape          the release binary (built by tools/vm-test)
#   /data/gen/*.evemu         devices + gestures from tools/vm/make-test-devices.py
#   /data/recordings/         the project's Recordings/ (may be empty)
#   /data/peers/              ../shared/data/peer-recordings (real hardware recordings)
# Each scenario prints "SCENARIO PASS: ..." or "SCENARIO FAIL: ..."; the last lines are
# "VM scenarios: N passed, N failed" and the exit status (0 only when none failed).
# Round trips, their tolerances and how every scenario synchronises (never on a sleep):
# tools/vm/vm-lib.sh.
. /tests/vm-lib.sh     # TT, W, the tolerances, pass/failed/skip, compare, roundtrip (tools/vm/vm-lib.sh)

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
# the recorder grabs the device; a second grab must fail with exit 3 (HOOK runs once the
# first recorder has said it is recording, i.e. after its grab)
REC_ARGS="--grab"
HOOK='$TT record "$NODE" --grab -o $W/grab2.evemu > /dev/null 2> $W/grab2.err; GRC=$?'
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
# evemu-record prints nothing when it is ready: it has opened the node (its descriptor is
# in /proc). libinput record 1.22 says "# Recording to 'FILE'." on stderr; it is waited for
# too, with its descriptor on the node. Both have read every event once they sleep in poll
# after the play's last event.
HOOK='evemu-record "$NODE" > "$d/evemu-record.evemu" 2> "$d/evemu-record.err" & EPID=$!
libinput-record -o "$d/libinput.yml" "$NODE" > "$d/libinput.log" 2>&1 & LPID=$!
wait_open $EPID "$NODE" 60; wait_open $LPID "$NODE" 60; wait_for_line "$d/libinput.log" "Recording to" 60'
AFTER='wait_idle $EPID 60; wait_idle $LPID 60; kill -INT $EPID $LPID 2>/dev/null; wait $EPID; wait $LPID'
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

echo "=== getevent: the device printed as Android's getevent prints it, read back beside evemu-record"
# getevent-print (tools/vm/getevent-print.c) is the VM's getevent: `getevent -i -l -t -c N NODE`'s
# text from the kernel's own ioctls and events. touchtape must read from it exactly the events
# evemu-record saw, and getevent -> evemu -> getevent must give the capture back byte for byte
# but for what evemu cannot hold and TouchTape adds: its # lines and the node.
HOOK=$GETEVENT_HOOK; AFTER=$GETEVENT_AFTER
roundtrip getevent /data/gen/tt-protocol-b.evemu
HOOK=""; AFTER=""
d=$W/rt-getevent
if $TT convert "$d/capture.getevent" "$d/capture.evemu" 2> "$d/convert.err"; then
    compare "getevent capture read by touchtape vs evemu-record on the same device" "$d/evemu-record.evemu" "$d/capture.evemu"
    $TT convert "$d/capture.evemu" "$d/back.getevent" 2>> "$d/convert.err"
    node=$(sed -n 's/^add device 1: //p' "$d/capture.getevent")
    grep -v '^#' "$d/back.getevent" | sed "s|^add device 1: /dev/input/event0\$|add device 1: $node|" > "$d/back.plain"
    if cmp -s "$d/capture.getevent" "$d/back.plain"; then
        pass "getevent capture -> evemu -> getevent: byte for byte ($(wc -l < "$d/capture.getevent") lines; TouchTape's # lines and the node aside)"
    else
        failed "getevent capture -> evemu -> getevent differs"; diff "$d/capture.getevent" "$d/back.plain" | head -12
    fi
    if $TT play "$d/capture.getevent" --dry-run > "$d/dry.txt" 2>&1 && grep -q '3 track(s)' "$d/dry.txt"; then
        pass "touchtape replays the getevent capture: $(head -n 1 "$d/dry.txt" | sed 's/.*), //')"
    else failed "touchtape play --dry-run on the getevent capture"; cat "$d/dry.txt"; fi
else
    failed "touchtape cannot read getevent-print's capture"; cat "$d/convert.err"; head -30 "$d/capture.getevent"
fi

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
if wait_for_line $d/device.out /dev/input/event 30; then
    node=$(grep -o '/dev/input/event[0-9]*' $d/device.out | head -n 1)
    $TT record "$node" -o $d/back.evemu 2> $d/rec.err &
    rpid=$!
    wait_for_line $d/rec.err '^recording ' 60
    evemu-play "$node" < "$src" > $d/play.out 2>&1
    wait_idle $rpid 60
    kill -INT $rpid; wait $rpid; rrc=$?
    kill $DPID; wait $DPID
    [ $rrc -eq 0 ] || { failed "evemu-play round trip: recorder exit $rrc"; cat $d/rec.err; }
    # evemu-play sleeps each event's delta (libevemu's evemu_read_event_realtime), so under
    # load it drifts from the schedule by its own overhead: its deltas are compared, not its schedule.
    compare "touchtape file -> evemu-device/evemu-play -> touchtape record" "$src" $d/back.evemu deltas-only
else
    failed "evemu-device rejected touchtape's file"; cat $d/device.out; kill $DPID
fi

echo "=== record: a device name the chosen format would not give back is refused before the file is made"
# evemu's N: line drops leading blanks: recording as evemu is refused (exit 2, no file), as
# libinput record (YAML quotes the name) it records and reads back with its blanks.
d=$W/name-refusal
if start_play "$d" /data/gen/tt-protocol-b.evemu --device-name "  TT blank-led name"; then
    $TT record "$NODE" -o "$d/rec.evemu" 2> "$d/evemu.err"; erc=$?
    if [ $erc -eq 2 ] && [ ! -e "$d/rec.evemu" ] && grep -q 'drops blanks before the name' "$d/evemu.err" \
       && grep -q 'record with --format libinput' "$d/evemu.err"; then
        pass "record -o NAME.evemu of a device named '  TT blank-led name': exit 2 before the file is made, with the hint"
    else failed "record refusing an evemu-unwritable name: exit $erc"; cat "$d/evemu.err"; ls -l "$d"; fi
    $TT record "$NODE" -o "$d/rec.yml" 2> "$d/yml.err" &
    rpid=$!
    wait_for_line "$d/yml.err" '^recording ' 60
    release_play
    wait_played "$d"
    wait_idle $rpid 60
    kill -INT $rpid; wait $rpid; yrc=$?
    stop_play
    if [ $yrc -eq 0 ] && $TT inspect "$d/rec.yml" > "$d/yml.txt" 2>&1 && grep -q 'device:   TT blank-led name (' "$d/yml.txt" \
       && grep -q 'tracks: 3' "$d/yml.txt"; then
        pass "the same device recorded as libinput record keeps its name's blanks ($(grep -c '^  track ' "$d/yml.txt") tracks)"
    else failed "recording the blank-led name as libinput record: exit $yrc"; cat "$d/yml.err" "$d/yml.txt"; fi
else failed "play made no device named '  TT blank-led name'"; fi

echo "=== faults: unplug, SIGINT, SIGTERM, SIGKILL, full disk, no permission; --gestures (one long play, six recorders)"
d=$W/faults; mkdir -p /mnt/small
# 48 KB: the evemu header (~2.5 KB) and gesture 1 (~33 KB of E: lines with evemu's comments)
# fit, gesture 2 does not
mount -t tmpfs -o size=48k tmpfs /mnt/small
# track_names FILE: the tracks `touchtape inspect` reads from FILE, one "track N (duration,
# labels)" each, so a PASS line names the gestures that survived
track_names() {
    $TT inspect "$1" 2>/dev/null | sed -n 's/^  track \([0-9]*\): start [^,]*, \([^,]*\), fingers [0-9]*, frames [0-9]*, events [0-9]*\(.*\)$/track \1 (\2\3)/p' \
        | awk '{ printf "%s%s", sep, $0; sep = "; " } END { print "" }'
}
# check_file NAME FILE COMPLETE_MIN WANT_CUT: inspect and play --dry-run read FILE, which has
# at least COMPLETE_MIN complete tracks and exactly WANT_CUT cut short (inspect's count: a
# track is cut short when its mark says so or when the file ends with its finger down, as
# after a SIGKILL, which leaves no mark); sets complete, names
check_file() {
    dry=$W/$(basename "$2").dry
    if ! $TT inspect "$2" > $dry.inspect 2>&1; then
        failed "$1: touchtape inspect cannot read $2"; cat $dry.inspect; return 1
    fi
    $TT play "$2" --dry-run > $dry 2>&1 || { failed "$1: touchtape cannot read $2"; cat $dry; return 1; }
    tracks=$(grep -c '^  track' $dry.inspect); cut=$(grep -c '^  track .*, cut short' $dry.inspect)
    complete=$((tracks - cut))
    names=$(track_names "$2")
    if [ $complete -lt "$3" ] || [ "$cut" -ne "$4" ]; then
        failed "$1: $complete complete + $cut cut-short track(s), expected >= $3 + $4"; cat $dry; return 1
    fi
    return 0
}
# labelled FILE N EXPECT NOTE: tracks 1..N of FILE each carry the label (expect, note)
labelled() {
    i=1
    while [ $i -le "$2" ]; do
        grep -q "^  track $i: .*, expect $3, note \"$4\"" $W/$(basename "$1").dry.inspect || return 1
        i=$((i + 1))
    done
}
# The player waits for its go until every recorder says it is recording; the permission and
# name checks run meanwhile. Gesture 3 of tt-long is a 20 s pan: once every recorder holds
# its touch-down the player is frozen (SIGSTOP), so the signals all land inside gesture 3
# whatever the load, and the player is then killed there (the unplug).
if start_play "$d" /data/gen/tt-long.evemu --device-name "TT Long"; then
    $TT record "$NODE" -o $d/unplug.evemu 2> $d/unplug.err & UPID=$!
    $TT record "$NODE" -o $d/int.evemu --expect finish --note "sigint test" 2> $d/int.err & IPID=$!
    $TT record "$NODE" -o $d/term.evemu 2> $d/term.err & TPID=$!
    $TT record "$NODE" -o /mnt/small/full.evemu --expect finish --note "full disk" 2> $d/full.err & FPID=$!
    $TT record "$NODE" -o $d/one.evemu --gestures 1 2> $d/one.err & OPID=$!
    $TT record "$NODE" -o $d/kill.evemu --expect cancel --note "kill test" 2> $d/kill.err & KPID=$!
    for e in unplug int term full one kill; do wait_for_line $d/$e.err '^recording ' 60; done
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
    release_play
    # SIGKILL: the recorder has said gesture 2 ended (gesture k = 2 flushed), and holds
    # gesture 3's touch-down, so it dies inside a gesture
    wait_for_line $d/kill.err '^gesture 2:' 60
    wait_for_events $d/unplug.evemu "1 330 1" 3 60
    kill -STOP $PLAY_PID
    for e in int term kill; do wait_for_events $d/$e.evemu "1 330 1" 3 30; done
    kill -9 $KPID; kill -INT $IPID; kill -TERM $TPID
    wait $KPID; KRC=$?; wait $IPID; IRC=$?; wait $TPID; TRC=$?
    kill -9 $PLAY_PID; wait $PLAY_PID
    wait $UPID; URC=$?
    wait $FPID; FRC=$?
    wait $OPID; ORC=$?

    if [ $URC -eq 3 ] && grep -q 'device disappeared' $d/unplug.err && check_file unplug $d/unplug.evemu 2 1; then
        pass "unplug mid-gesture: exit 3, 'device disappeared', file readable with $complete complete gestures + 1 cut short: $names"
    else failed "unplug: exit $URC"; cat $d/unplug.err; fi
    if [ $IRC -eq 0 ] && grep -q '^SIGINT' $d/int.err && check_file sigint $d/int.evemu 2 1 && grep -q 'expect finish, cut short, note: sigint test' $W/int.evemu.dry; then
        pass "SIGINT mid-gesture: exit 0, file readable with $complete complete gestures + the cut-short one marked: $names"
    else failed "SIGINT: exit $IRC"; cat $d/int.err; fi
    if [ $TRC -eq 0 ] && grep -q '^SIGTERM' $d/term.err && check_file sigterm $d/term.evemu 2 1; then
        pass "SIGTERM mid-gesture: exit 0, file readable with $complete complete gestures + 1 cut short: $names"
    else failed "SIGTERM: exit $TRC"; cat $d/term.err; fi
    # SIGKILL leaves no footer and no mark for gesture 3: its frames read as a track that
    # ends with the finger down (cut short); gestures 1 and 2 keep their labels
    if [ $KRC -eq 137 ] && grep -q '^gesture 2:' $d/kill.err && check_file sigkill $d/kill.evemu 2 1 \
       && labelled $d/kill.evemu 2 cancel "kill test"; then
        pass "SIGKILL after 'gesture 2:' (inside gesture 3): nothing flushed is lost, $complete complete gestures with their labels + the partial one: $names"
    else failed "SIGKILL: exit $KRC"; cat $d/kill.err; cat $W/kill.evemu.dry.inspect; fi
    if [ $FRC -eq 3 ] && grep -q 'no space left on device while writing /mnt/small/full.evemu' $d/full.err \
       && check_file "full disk" /mnt/small/full.evemu 1 0 && labelled /mnt/small/full.evemu 1 finish "full disk"; then
        pass "full disk (48k tmpfs): exit 3, error names the file, gesture 2 rolled back, every gesture flushed before kept: $names"
    else failed "full disk: exit $FRC"; cat $d/full.err; ls -l /mnt/small; fi
    if [ $ORC -eq 0 ] && grep -q '^1 gesture(s) recorded: 1 complete' $d/one.err && check_file gestures $d/one.evemu 1 0; then
        pass "record --gestures 1 stops after the first gesture, exit 0"
    else failed "record --gestures 1: exit $ORC"; cat $d/one.err; fi
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

echo "=== record stores what sizes a resolution-0 device: udev's properties, hwdb fixes, libinput quirks"
# tt-apple-res0 has Apple's USB ids 05ac:0238 and no resolution. The VM runs no udevd, so the
# first recorder finds no udev database entry and stores the installed 60-evdev.hwdb's fixes
# (EVDEV_ABS_35=::92, EVDEV_ABS_36=::90) plus a local hwdb record matching the kernel's own
# modalias exactly (no glob: TouchTape's modalias must equal the kernel's byte for byte), and
# libinput's size quirk. Then the scenario writes the node's database entry in udevd's form
# (E:KEY=value lines, /run/udev/data/c<major>:<minor>) and a second recorder stores udev's
# properties instead (libinput record's subset: ID_BUS is not kept).
d=$W/sizes
if start_play "$d" /data/gen/tt-apple-res0.evemu; then
    ev=${NODE#/dev/input/}
    modalias=$(cat /sys/class/input/$ev/device/modalias)
    mkdir -p /etc/udev/hwdb.d
    printf '# the kernel modalias of the played device\nevdev:%s\n EVDEV_ABS_18=::5\n' "$modalias" > /etc/udev/hwdb.d/61-evdev-local.hwdb
    $TT record "$NODE" -o "$d/hwdb.evemu" 2> "$d/hwdb.err" & r1=$!
    wait_for_line "$d/hwdb.err" '^recording ' 60
    mkdir -p /run/udev/data
    printf 'I:1\nE:ID_INPUT=1\nE:ID_INPUT_TOUCHPAD=1\nE:ID_BUS=usb\nE:EVDEV_ABS_35=::50\nE:EVDEV_ABS_36=::50\nG:seat\n' \
        > "/run/udev/data/c$(cat /sys/class/input/$ev/dev)"
    $TT record "$NODE" -o "$d/udev.yml" 2> "$d/udev.err" & r2=$!
    wait_for_line "$d/udev.err" '^recording ' 60
    release_play; wait_played "$d"; wait_idle $r1 60; wait_idle $r2 60
    kill -INT $r1 $r2; wait $r1; wait $r2
    stop_play
    rm -rf /run/udev/data /etc/udev/hwdb.d
    if grep -qx '# Udev: EVDEV_ABS_35=::92' "$d/hwdb.evemu" && grep -qx '# Udev: EVDEV_ABS_36=::90' "$d/hwdb.evemu" \
       && grep -qx '# Quirk: AttrSizeHint=104x75' "$d/hwdb.evemu"; then
        pass "record stores the installed hwdb's axis fixes and libinput's size quirk for the device"
    else failed "record without udev: hwdb fixes or quirk missing"; grep '^#' "$d/hwdb.evemu" | head -12; cat "$d/hwdb.err"; fi
    if grep -qx '# Udev: EVDEV_ABS_18=::5' "$d/hwdb.evemu"; then
        pass "TouchTape's input modalias equals the kernel's ($modalias)"
    else failed "the local hwdb record for the kernel's modalias $modalias did not match"; fi
    if [ ! -r /sys/class/dmi/id/modalias ] || grep -qxF "# DMI: $(cat /sys/class/dmi/id/modalias)" "$d/hwdb.evemu"; then
        pass "record stores the machine's DMI modalias ($(cat /sys/class/dmi/id/modalias 2>/dev/null || echo none shown))"
    else failed "record did not store the DMI modalias"; fi
    if grep -q '^    - EVDEV_ABS_35=::50' "$d/udev.yml" 2>/dev/null || grep -q '^    - "EVDEV_ABS_35=::50"' "$d/udev.yml" \
       && grep -q '^    - ID_INPUT_TOUCHPAD=1' "$d/udev.yml" && ! grep -q 'ID_BUS' "$d/udev.yml" && ! grep -q 'EVDEV_ABS_18' "$d/udev.yml"; then
        pass "with udev's database entry, record stores udev's properties (libinput record's subset) instead"
    else failed "record with a udev database entry"; sed -n '/udev:/,/events:/p' "$d/udev.yml" | head -12; fi
    $TT replay "$d/hwdb.evemu" --format json --no-config > "$d/hwdb.json" 2>&1
    $TT replay "$d/udev.yml" --format json --no-config > "$d/udev.json" 2>&1
    if grep -q "92 × 90 units/mm from the recording's hwdb fix EVDEV_ABS_35=::92, EVDEV_ABS_36=::90" "$d/hwdb.json" \
       && grep -q "50 × 50 units/mm from the recording's hwdb fix EVDEV_ABS_35=::50, EVDEV_ABS_36=::50" "$d/udev.json"; then
        pass "replay sizes each recording from its stored fix and says so"
    else failed "replay of the recordings with stored fixes"; grep -o '"notes"[^]]*' "$d/hwdb.json" "$d/udev.json" | head; fi
else
    failed "sizes: play made no device"
fi

echo "=== record --duration: stops inside a gesture"
# Gesture 3 of tt-long alone (a 20 s pan). The recorder's 2 s deadline counts from its own
# start; the player starts on the go given once the recorder says it is recording, and is
# frozen (SIGSTOP) once the recorder holds the touch-down, so the deadline lands inside the
# gesture: 2 s is only an upper bound for go -> first event, and the frozen player has no
# upper bound at all.
d=$W/duration
if start_play "$d" /data/gen/tt-long.evemu --device-name "TT Duration" --track 3; then
    $TT record "$NODE" -o $d/dur.evemu --duration 2 2> $d/dur.err & DPID=$!
    wait_for_line $d/dur.err '^recording ' 60
    release_play
    wait_for_events $d/dur.evemu "1 330 1" 1 30
    kill -STOP $PLAY_PID
    wait $DPID; DRC=$?
    kill -9 $PLAY_PID; wait $PLAY_PID
    if [ $DRC -eq 0 ] && grep -q '^duration reached' $d/dur.err && check_file duration $d/dur.evemu 0 1; then
        pass "record --duration stops on time, closes the gesture in progress as cut short, exit 0: $names"
    else failed "record --duration: exit $DRC"; cat $d/dur.err; fi
else failed "record --duration: play made no device"; fi

echo "=== record with no DEVICE and no -o: the touch devices listed, the number read from stdin, a default name"
d=$W/choose; mkdir -p $d/out
if start_play "$d" /data/recordings/touchscreen-pan-down-finish.evemu --device-name "TT Choose"; then
    num=${NODE##*event}
    # First, while the device is there: a wrong answer is refused, naming it; nothing is written.
    (cd $d/out && echo 999 | $TT record --gestures 1 2> $d/bad.err); BRC=$?
    if [ $BRC -eq 2 ] && grep -q '"999" is none of the listed devices' $d/bad.err && [ -z "$(ls $d/out)" ]; then
        pass "record with no DEVICE refuses an answer that is not listed (exit 2), writing nothing"
    else failed "record with a wrong answer: exit $BRC"; cat $d/bad.err; ls $d/out; fi
    # The answer comes down a pipe, as a script would give it (evemu-record reads stdin too).
    (cd $d/out && echo "$num" | $TT record --gestures 1 2> $d/rec.err) & CPID=$!
    wait_for_line $d/rec.err '^recording ' 60
    release_play
    wait $CPID; CRC=$?
    stop_play
    made=$(ls $d/out)
    if [ $CRC -eq 0 ] && grep -q "^  $num  $NODE  \"TT Choose\"  touchscreen" $d/rec.err \
       && grep -q 'Select the device event number' $d/rec.err \
       && echo "$made" | grep -qx 'touchtape-[0-9]\{8\}-[0-9]\{6\}\.evemu' \
       && check_file choose "$d/out/$made" 1 0; then
        pass "record with no DEVICE lists the touch devices, reads event $num from stdin, writes $made: $names"
    else failed "record with no DEVICE: exit $CRC, made '$made'"; cat $d/rec.err; fi
else failed "record with no DEVICE: play made no device"; fi

echo "=== SYN_DROPPED: a stalled recorder during an as-fast-as-possible play"
d=$W/dropped
if start_play "$d" /data/gen/tt-long.evemu --device-name "TT Dropped" --as-fast-as-possible; then
    $TT record "$NODE" -o $d/rec.evemu 2> $d/rec.err &
    rpid=$!
    # stopped once it has the device open and before the first event, so the whole
    # as-fast-as-possible play (4248 events) lands in its evdev buffer, which overflows
    wait_for_line $d/rec.err '^recording ' 60
    kill -STOP $rpid
    release_play
    wait_played "$d"
    kill -CONT $rpid
    wait_for_line $d/rec.err 'SYN_DROPPED at' 60
    wait_idle $rpid 60
    kill -INT $rpid; wait $rpid; rrc=$?
    stop_play
    if [ $rrc -eq 0 ] && grep -q 'SYN_DROPPED at' $d/rec.err && grep -q '^E: [0-9.]* 0000 0003' $d/rec.evemu \
       && $TT play $d/rec.evemu --dry-run > $d/dry.txt 2>&1; then
        pass "SYN_DROPPED reported live and recorded in the file, which stays readable"
    else failed "SYN_DROPPED: exit $rrc"; cat $d/rec.err; fi
else failed "SYN_DROPPED: play made no device"; fi

echo "=== live: touchtape live on a uinput device while touchtape play drives it (JSON lines)"
# A recorder on the same device keeps the events with the kernel's timestamps; live's
# per-gesture results (release progress and velocity, outcome, reason) must equal those
# of the same pipeline over that file (live --from, which the host tests hold equal to
# `touchtape replay --format json`). Synchronised on live's ready line, the recorder's
# "recording" line, the player's timing report and both readers idle in poll.
d=$W/live
if start_play "$d" /data/recordings/touchscreen-pan-down-finish.evemu --device-name "TT Live"; then
    $TT live "$NODE" < /dev/null > $d/live.jsonl 2> $d/live.err & LPID=$!
    $TT record "$NODE" -o $d/rec.evemu 2> $d/rec.err & RPID=$!
    wait_for_line $d/live.err '^live: reading ' 60
    wait_for_line $d/rec.err '^recording ' 60
    release_play
    wait_played "$d"
    wait_idle $LPID 60; wait_idle $RPID 60
    kill -INT $LPID $RPID; wait $LPID; LRC=$?; wait $RPID
    stop_play
    $TT live --from $d/rec.evemu --speed 1000 < /dev/null > $d/file.jsonl 2> $d/file.err
    fields() { grep '"type":"track"' "$1" | grep '"label":"none"' | sed 's/.*\("releaseProgress".*"reason":"[^"]*"\).*/\1/'; }
    fields $d/live.jsonl > $d/live.fields; fields $d/file.jsonl > $d/file.fields
    n=$(wc -l < $d/live.fields)
    if [ $LRC -eq 0 ] && [ "$n" -eq 2 ] && cmp -s $d/live.fields $d/file.fields \
       && grep -q '"outcome":"finish"' $d/live.fields; then
        pass "live on a device: $n gestures, outcomes, reasons and release velocities equal the recorded file's: $(tr '\n' ' ' < $d/live.fields | cut -c1-160)"
    else
        failed "live on a device: exit $LRC, $n gestures"; cat $d/live.err; diff $d/live.fields $d/file.fields
    fi
else failed "live: play made no device"; fi

echo "VM scenarios: $PASSED passed, $FAILED failed, $SKIPPED skipped"
[ $FAILED -eq 0 ]
