// The C surface TouchTapeDevice uses: libevdev and its uinput helpers (libevdev-dev).
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <linux/input.h>
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>
