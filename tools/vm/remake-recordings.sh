#!/bin/sh
# In-VM script (VM_SCRIPT) behind tools/remake-recordings: re-records each file in
# /data/recordings through a real kernel and sends the result to the host.
#   VM_SCRIPT=tools/vm/remake-recordings.sh VM_RECORDINGS_DIR=DIR VM_EXPORT_DIR=OUT tools/vm-test
# For each file: `touchtape play` (same device name, same description) into uinput,
# `touchtape record` on that node in the file's own format, the same event-for-event and
# timing check as the round-trip tests (tools/vm/vm-lib.sh), then `touchtape label --from`
# carries each track's expected outcome and note over from the played file, and `vm-export`
# sends it out. So every remade file is the recorder's own output (the kernel's filtering,
# its frame timestamps, the recorder's header) with the labels the gestures were made for.
# Any file that fails a step fails the run: the host then keeps Recordings/ as it was.
. /tests/vm-lib.sh
KEEP_DEVICE_NAME=1
# vm-lib.sh's functions set plain globals (name, f, d, n, out): this loop uses its own names.
count=0
for source in /data/recordings/*; do
    [ -f "$source" ] || continue
    file=$(basename "$source")
    case "$file" in
        (*.yml|*.yaml) REC_EXT=yml ;;
        (*.evemu|*.events|*.event) REC_EXT=evemu ;;
        (*) continue ;;
    esac
    count=$((count + 1))
    roundtrip "remake-$count" "$source" || continue
    recorded="$W/rt-remake-$count/rec.$REC_EXT"
    mkdir -p $W/remade
    if $TT label "$recorded" --from "$source" -o "$W/remade/$file" > $W/label.out 2> $W/label.err; then
        sed "s/^/  $file: /" $W/label.out
        if /tests/vm-export "$W/remade/$file"; then pass "remade $file"; else failed "$file: vm-export"; fi
    else
        failed "$file: label --from the played file"; cat $W/label.err
    fi
done
[ $count -eq 0 ] && failed "no recordings in /data/recordings to remake"
echo "VM scenarios: $PASSED passed, $FAILED failed"
[ $FAILED -eq 0 ]
