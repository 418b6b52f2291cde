#!/bin/sh
# build-initramfs.sh OUTDIR BINDIR RUNSCRIPT [HOST_FILE_OR_DIR...]
#   OUTDIR     where root/ and initramfs.cpio.gz are written
#   BINDIR     directory whose executables go to /tests in the VM (plus their ldd libraries)
#   RUNSCRIPT  shell script copied to /tests/run.sh and run by /init
#   HOST_FILE_OR_DIR  host files copied to the same path (binaries with their libraries;
#                     directories whole)
# Env: KVER (default: newest $VM_BOOT_DIR/vmlinuz-*, VM_BOOT_DIR default /boot), MODULES (default "uinput evdev"),
#      DATA_DIRS ("SRC:DEST ..." folders copied into the VM at DEST).
# Adapted from the proven recipe (shared docs vm-recipe/build-initramfs.sh): evdev is a
# module too (pitfall 1), devtmpfs must be mounted by /init (pitfall 2); adds /etc/passwd
# with an unprivileged user "tt" for the permission scenario and /tests on PATH.
set -eu
OUT=$1; BINDIR=$2; RUNSCRIPT=$3; shift 3
BOOT=${VM_BOOT_DIR:-/boot}
KVER=${KVER:-$(ls "$BOOT"/vmlinuz-* | sed "s|^$BOOT/vmlinuz-||" | sort -V | tail -n 1)}
MODULES=${MODULES:-"uinput evdev"}
ROOT=$OUT/root
rm -rf "$ROOT"; mkdir -p "$ROOT"
(cd "$ROOT" && mkdir -p bin sbin dev proc sys tmp run mnt etc lib/modules tests lib64 data)

cp /bin/busybox "$ROOT/bin/busybox"          # busybox-static: needs no libraries

: > "$ROOT/lib/modules/load-order"
add_module() {
    grep -qx "$1" "$ROOT/lib/modules/load-order" && return 0
    for dep in $(modinfo -k "$KVER" -F depends "$1" | tr ',' ' '); do add_module "$dep"; done
    f=$(modinfo -k "$KVER" -n "$1")
    case "$f" in
        (builtin|"(builtin)"|"") echo "module $1: built in"; return 0 ;;
        (*.ko) cp "$f" "$ROOT/lib/modules/$1.ko" ;;
        (*.ko.xz) xz -dc "$f" > "$ROOT/lib/modules/$1.ko" ;;
        (*.ko.zst) zstd -dcq "$f" > "$ROOT/lib/modules/$1.ko" ;;
        (*.ko.gz) gzip -dc "$f" > "$ROOT/lib/modules/$1.ko" ;;
    esac
    echo "$1" >> "$ROOT/lib/modules/load-order"
}
for m in $MODULES; do add_module "$m"; done

copy_libs() {
    ldd "$1" 2>/dev/null | awk '/=> \// {print $3} /^[ \t]*\/[^ ]+ \(/ {print $1}' | while read -r lib; do
        [ -e "$ROOT$lib" ] && continue
        mkdir -p "$ROOT$(dirname "$lib")"
        cp -L "$lib" "$ROOT$lib"
    done
}
for f in "$BINDIR"/*; do
    [ -f "$f" ] && [ -x "$f" ] || continue
    cp "$f" "$ROOT/tests/"; copy_libs "$f"
done
for f in "$@"; do
    mkdir -p "$ROOT$(dirname "$f")"
    if [ -d "$f" ]; then cp -a "$f" "$ROOT$f"; continue; fi
    cp -L "$f" "$ROOT$f"; copy_libs "$f"
done
for pair in ${DATA_DIRS:-}; do
    src=${pair%%:*}; dest=${pair#*:}
    mkdir -p "$ROOT$dest"
    [ -d "$src" ] && cp -a "$src/." "$ROOT$dest/"
done
cp "$RUNSCRIPT" "$ROOT/tests/run.sh"; chmod +x "$ROOT/tests/run.sh"
printf 'root:x:0:0:root:/root:/bin/sh\ntt:x:1000:1000:touchtape test user:/tmp:/bin/sh\n' > "$ROOT/etc/passwd"
printf 'root:x:0:\ninput:x:101:\ntt:x:1000:\n' > "$ROOT/etc/group"

cat > "$ROOT/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/tests:/bin:/sbin:/usr/bin:/usr/sbin:/usr/libexec/libinput
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t tmpfs tmpfs /tmp
chmod 1777 /tmp
echo "VMTEST: booted, kernel $(uname -r), uptime $(cut -d' ' -f1 /proc/uptime)s"
rc=0
for m in $(cat /lib/modules/load-order); do
    insmod /lib/modules/$m.ko || { echo "VMTEST: insmod $m failed"; rc=1; }
done
if [ $rc = 0 ]; then
    cd /tests && sh /tests/run.sh; rc=$?
fi
echo "VMTEST: uptime $(cut -d' ' -f1 /proc/uptime)s"
if [ $rc = 0 ]; then echo "VMTEST: PASS"; else echo "VMTEST: FAIL (rc=$rc)"; fi
sync
echo o > /proc/sysrq-trigger   # immediate power off; qemu exits
sleep 5
poweroff -f
INIT
chmod +x "$ROOT/init"

(cd "$ROOT" && find . -print0 | cpio --null -o -H newc --quiet) | gzip -1 > "$OUT/initramfs.cpio.gz"
echo "initramfs: $OUT/initramfs.cpio.gz $(du -h "$OUT/initramfs.cpio.gz" | cut -f1) (unpacked $(du -sh "$ROOT" | cut -f1)), kernel $BOOT/vmlinuz-$KVER"
