// In-process timing of tdoku's public API, in the style of sudokit bench:
// read every puzzle first, warm up 0.5 s, then solve in order, round after round.
#include "tdoku.h"  // build: see scripts/peers/inproc.sh
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: tdoku-bench LIMIT SECONDS FILE\n"); return 2; }
    size_t limit = atoll(argv[1]); double secs = atof(argv[2]);
    FILE *f = fopen(argv[3], "r");
    if (!f) { perror(argv[3]); return 2; }
    char *line = NULL; size_t cap = 0, n = 0, max = 1 << 20;
    char (*p)[82] = malloc(max * 82);
    while (n < max && getline(&line, &cap, f) != -1) if (strlen(line) >= 81 && line[0] != '#') { memcpy(p[n], line, 81); p[n][81] = 0; n++; }
    if (n == 0) { fprintf(stderr, "%s: no puzzles\n", argv[3]); return 2; }
    char sol[81]; size_t g, i = 0, done = 0, sink = 0;
    double t0 = now();
    while (now() - t0 < 0.5) { for (int k = 0; k < 64; k++) { sink += SolveSudoku(p[i], limit, 0, sol, &g); i = (i + 1) % n; } }
    t0 = now(); double t;
    do { for (int k = 0; k < 64; k++) { sink += SolveSudoku(p[i], limit, 0, sol, &g); i = (i + 1) % n; done++; } t = now() - t0; } while (t < secs);
    printf("%.0f %zu\n", done / t, sink);
}
