#include "testutil.h"

#include <stdlib.h>

int t_passed, t_failed;
static uint64_t state = 0x9e3779b97f4a7c15u;

void t_seed(uint64_t s) { state = s ? s : 1; }

uint64_t t_rand(void) { /* xorshift64* (Vigna 2016) */
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 0x2545f4914f6cdd1du;
}

size_t t_below(size_t n) { return n ? (size_t)(t_rand() % n) : 0; }

void t_fill(uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(t_rand() >> 56);
}

int t_summary(void) {
    if (t_passed == 0) {
        printf("no check ran\n");
        t_failed++;
    }
    printf("%d passed, %d failed\n", t_passed, t_failed);
    return t_failed != 0;
}
