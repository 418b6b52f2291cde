#!/bin/sh
# In-VM script (VM_SCRIPT) that makes the getevent captures kept in Tests/GeteventCaptures:
#   VM_SCRIPT=tools/vm/getevent-captures.sh VM_EXPORT_DIR=Tests/GeteventCaptures tools/vm-test
# Each generated test device (protocol B, protocol A, single touch, the clickpad) is played by
# `touchtape play` with getevent-print (the VM's getevent: `getevent -i -l -t -c N NODE`'s text
# from the kernel's ioctls and events) and evemu-record attached; both files are sent out
# (`vm-export`) as NAME.getevent and NAME.evemu-record.evemu. GeteventVMCaptureTests then
# holds touchtape's reading of each capture to evemu-record's events and to an exact
# getevent -> evemu -> getevent round trip.
. /tests/vm-lib.sh
# vm-lib.sh's functions set plain globals (name, f, d, out): this loop uses its own names.
for device in protocol-b protocol-a single-touch touchpad; do
    HOOK=$GETEVENT_HOOK; AFTER=$GETEVENT_AFTER
    roundtrip "capture-$device" "/data/gen/tt-$device.evemu" || continue
    dir=$W/rt-capture-$device
    if /tests/vm-export "$dir/capture.getevent" "$device.getevent" && /tests/vm-export "$dir/evemu-record.evemu" "$device.evemu-record.evemu"; then
        pass "captured $device"
    else
        failed "$device: vm-export"
    fi
done
echo "VM scenarios: $PASSED passed, $FAILED failed"
[ $FAILED -eq 0 ]
