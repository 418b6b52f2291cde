/* getevent-print DEVICE: prints one evdev device as Android's
 *     getevent -i -l -t -c COUNT DEVICE
 * prints it (docs/getevent-format.md §2-§4: single-device mode, the -i header, the -l
 * listing, then one -lt line per event), until a signal ends it. The VM has no Android
 * getevent; this stand-in makes captures of the project's own uinput devices from the
 * kernel's real state and events (ioctls and read(2), not TouchTape's description), which
 * tools/vm/run-tests.sh reads back with touchtape and compares with evemu-record.
 *
 * Written for TouchTape from the printf formats the doc gives; the label tables come from
 * tools/gen-getevent-labels.py --c (getevent-labels.h, made by tools/vm-test).
 * Build: gcc -O2 -o getevent-print getevent-print.c (with getevent-labels.h beside it). */
#include <fcntl.h>
#include <linux/input.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

struct label { const char *name; int value; };
#include "getevent-labels.h"

static const struct label key_value_labels[] = {{"UP", 0}, {"DOWN", 1}, {"REPEAT", 2}, {0, -1}};

/* The first name with the value, as getevent's linear lookup gives it. */
static const char *name_of(const struct label *table, int value) {
    for (; table && table->name; table++)
        if (table->value == value) return table->name;
    return NULL;
}

static const struct label *code_table(int type) {
    switch (type) {
    case EV_SYN: return syn_labels;   case EV_KEY: return key_labels;
    case EV_REL: return rel_labels;   case EV_ABS: return abs_labels;
    case EV_MSC: return msc_labels;   case EV_SW: return sw_labels;
    case EV_LED: return led_labels;   case EV_SND: return snd_labels;
    case EV_REP: return rep_labels;   case EV_FF: return ff_labels;
    case EV_FF_STATUS: return ffStatus_labels;
    default: return NULL;
    }
}

static const char *listing_name(int type) {
    switch (type) {
    case EV_KEY: return "KEY"; case EV_REL: return "REL"; case EV_ABS: return "ABS";
    case EV_MSC: return "MSC"; case EV_SW: return "SW "; case EV_LED: return "LED";
    case EV_SND: return "SND"; case EV_REP: return "REP"; case EV_FF: return "FF ";
    case EV_PWR: return "PWR"; case EV_FF_STATUS: return "FFS"; default: return "???";
    }
}

static int bit(const unsigned char *bits, int n) { return bits[n / 8] & (1 << (n % 8)); }

static void listing(int fd) {
    unsigned char bits[KEY_MAX / 8 + 1], state[KEY_MAX / 8 + 1], props[INPUT_PROP_CNT / 8];
    printf("  events:\n");
    for (int type = EV_KEY; type <= EV_MAX; type++) {
        memset(bits, 0, sizeof bits);
        memset(state, 0, sizeof state);
        int size = ioctl(fd, EVIOCGBIT(type, sizeof bits), bits);
        if (size <= 0) continue;
        if (type == EV_KEY) ioctl(fd, EVIOCGKEY(sizeof state), state);
        if (type == EV_LED) ioctl(fd, EVIOCGLED(sizeof state), state);
        if (type == EV_SND) ioctl(fd, EVIOCGSND(sizeof state), state);
        if (type == EV_SW) ioctl(fd, EVIOCGSW(sizeof state), state);
        const struct label *table = (type == EV_PWR) ? NULL : code_table(type);
        int count = 0;
        for (int code = 0; code < size * 8; code++) {
            if (!bit(bits, code)) continue;
            char on = (type == EV_KEY || type == EV_LED || type == EV_SND || type == EV_SW) && bit(state, code) ? '*' : ' ';
            if (count == 0) printf("    %s (%04x):", listing_name(type), type);
            else if (type == EV_ABS || count % 4 == 0) printf("\n               ");
            const char *name = table ? name_of(table, code) : NULL;
            if (name) {
                int pad = 20 - (int)strlen(name);
                printf(" %.20s%c%*s", name, on, pad < 0 ? -pad : pad, "");
            } else if (table) {
                printf(" %04x%c                ", code, on);
            } else {
                printf(" %04x%c", code, on);
            }
            struct input_absinfo abs;
            if (type == EV_ABS && ioctl(fd, EVIOCGABS(code), &abs) == 0)
                printf(" : value %d, min %d, max %d, fuzz %d, flat %d, resolution %d",
                       abs.value, abs.minimum, abs.maximum, abs.fuzz, abs.flat, abs.resolution);
            count++;
        }
        if (count) printf("\n");
    }
    printf("  input props:\n");
    int size = ioctl(fd, EVIOCGPROP(sizeof props), props), any = 0;
    if (size < 0) { printf("    <not available\n"); return; }
    for (int p = 0; p < size * 8; p++) {
        if (!bit(props, p)) continue;
        const char *name = name_of(inputProperties_labels, p);
        if (name) printf("    %s\n", name); else printf("    %04x\n", p);
        any = 1;
    }
    if (!any) printf("    <none>\n");
}

/* A shell starts background jobs with SIGINT ignored; the scenario stops this one with
 * SIGINT as it stops evemu-record, so it is taken back (every line is already written). */
static void stop(int signal) { (void)signal; _exit(0); }

int main(int argc, char **argv) {
    signal(SIGINT, stop);
    signal(SIGTERM, stop);
    if (argc != 2) { fprintf(stderr, "usage: getevent-print /dev/input/eventN\n"); return 1; }
    int fd = open(argv[1], O_RDONLY | O_CLOEXEC);
    if (fd < 0) { perror(argv[1]); return 1; }
    int version, clock = CLOCK_MONOTONIC;
    struct input_id id;
    char name[80] = "", location[80] = "", uniq[80] = "";
    if (ioctl(fd, EVIOCGVERSION, &version) || ioctl(fd, EVIOCGID, &id)) { perror("not evdev"); return 1; }
    if (ioctl(fd, EVIOCGNAME(sizeof name - 1), name) < 1) name[0] = 0;
    if (ioctl(fd, EVIOCGPHYS(sizeof location - 1), location) < 1) location[0] = 0;
    if (ioctl(fd, EVIOCGUNIQ(sizeof uniq - 1), uniq) < 1) uniq[0] = 0;
    if (ioctl(fd, EVIOCSCLOCKID, &clock)) perror("Can't enable monotonic clock reporting");
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("add device 1: %s\n", argv[1]);
    printf("  bus:      %04x\n  vendor    %04x\n  product   %04x\n  version   %04x\n", id.bustype, id.vendor, id.product, id.version);
    printf("  name:     \"%s\"\n  location: \"%s\"\n  id:       \"%s\"\n", name, location, uniq);
    printf("  version:  %d.%d.%d\n", version >> 16, (version >> 8) & 0xff, version & 0xff);
    listing(fd);
    struct input_event e;
    /* As getevent: poll, then one read of one event per wakeup (so a reader waiting for it
     * to drain sees it asleep in poll, as it would see getevent). */
    struct pollfd wait = {.fd = fd, .events = POLLIN};
    while (poll(&wait, 1, -1) > 0 && read(fd, &e, sizeof e) == sizeof e) {
        printf("[%8ld.%06ld] ", (long)e.input_event_sec, (long)e.input_event_usec);
        const char *type = name_of(types_labels, e.type), *code = name_of(code_table(e.type), e.code), *value = NULL;
        if (e.type == EV_KEY) value = name_of(key_value_labels, e.value);
        if (e.type == EV_ABS && e.code == ABS_MT_TOOL_TYPE) value = name_of(mtTool_labels, e.value);
        if (type) printf("%-12.12s", type); else printf("%04x        ", e.type);
        if (code) printf(" %-20.20s", code); else printf(" %04x                ", e.code);
        if (value) printf(" %-20.20s", value); else printf(" %08x            ", e.value);
        printf("\n");
    }
    return 0;
}
