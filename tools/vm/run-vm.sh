#!/bin/sh
# Copied from the proven recipe (shared docs vm-recipe/run-vm.sh); TCG by default (pitfall 3/6),
# raw log to a file before stripping \r so the exit code is not lost in a pipe (pitfall 7).
# run-vm.sh INITRAMFS [LOGFILE]  -> boots /boot/vmlinuz-$KVER with it; exit 0 iff the log has "VMTEST: PASS"
# Env: KVER, ACCEL (tcg|kvm, default tcg), MEM (512M), SMP (1), VM_TIMEOUT (300 s), APPEND_EXTRA,
#      VM_BOOT_DIR (where vmlinuz-$KVER is, default /boot), VM_ICOUNT (unset: off)
set -u
INITRD=$1; LOG=${2:-vm.log}
BOOT=${VM_BOOT_DIR:-/boot}
KVER=${KVER:-$(ls "$BOOT"/vmlinuz-* | sed "s|^$BOOT/vmlinuz-||" | sort -V | tail -n 1)}
# TCG by default. KVM is opt-in (ACCEL=kvm): a /dev/kvm that exists may still not work
# (on the dev machine it is a nested "kvm-pvm" that aborts or hangs qemu).
ACCEL=${ACCEL:-tcg}
CPU=max; [ "$ACCEL" = kvm ] && CPU=host
# VM_ICOUNT=N: the guest's clock counts executed instructions (2^N ns each) instead of
# following the host's, and jumps to the next timer when the guest idles (sleep=off). Guest
# time then no longer depends on how busy the host is: a player descheduled by the host is
# not late in the guest. tools/vm-test sets it for the test scenarios.
ICOUNT=""; [ -n "${VM_ICOUNT:-}" ] && ICOUNT="-icount shift=$VM_ICOUNT,sleep=off"
start=$(date +%s%N)
timeout -k 10 "${VM_TIMEOUT:-300}" qemu-system-x86_64 \
    -accel "$ACCEL" -cpu "$CPU" -m "${MEM:-512M}" -smp "${SMP:-1}" $ICOUNT \
    -kernel "$BOOT/vmlinuz-$KVER" -initrd "$INITRD" \
    -append "console=ttyS0 quiet panic=-1 ${APPEND_EXTRA:-}" \
    -nographic -no-reboot -nodefaults -serial stdio -monitor none </dev/null > "$LOG.raw" 2>&1
qrc=$?                       # 124: killed by timeout; 0: guest powered off (or rebooted after a panic)
tr -d '\r' < "$LOG.raw" > "$LOG"; rm -f "$LOG.raw"
end=$(date +%s%N)
cat "$LOG"
ms=$(( (end - start) / 1000000 ))
echo "run-vm: accel=$ACCEL${ICOUNT:+ icount=$VM_ICOUNT} qemu-exit=$qrc wall=${ms}ms"
if grep -q '^VMTEST: PASS$' "$LOG"; then exit 0; fi
grep -q '^VMTEST: FAIL' "$LOG" && echo "run-vm: tests failed" || echo "run-vm: no VMTEST marker (boot failure or timeout)"
exit 1
