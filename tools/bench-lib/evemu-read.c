/* The peer for tools/bench's evemu parse figure: Debian's libevemu reading a recording
 * as its own tools do: evemu_read (the description), then evemu_read_event to the end.
 * Prints "EVENTS SECONDS" (CLOCK_MONOTONIC around the whole read, the file opened first).
 * Build: cc -O2 evemu-read.c -o evemu-read $(pkg-config --cflags --libs evemu) */
#include <evemu.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: evemu-read FILE\n"); return 2; }
    FILE *file = fopen(argv[1], "r");
    if (!file) { perror(argv[1]); return 3; }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    struct evemu_device *device = evemu_new(NULL);
    if (!device || evemu_read(device, file) < 0) { fprintf(stderr, "evemu_read failed on %s\n", argv[1]); return 2; }
    struct input_event event;
    long long events = 0;
    while (evemu_read_event(file, &event) > 0) events++;
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%lld %.6f\n", events, seconds);
    evemu_delete(device);
    fclose(file);
    return 0;
}
