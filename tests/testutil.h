/* Small helpers for the C test programs: counted checks and a seeded PRNG. */
#ifndef ARX_TESTUTIL_H
#define ARX_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

extern int t_passed, t_failed;

/* Count a check; print the failure with its location and message. */
#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (cond) {                                                        \
            t_passed++;                                                    \
        } else {                                                           \
            t_failed++;                                                    \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                    \
            printf(__VA_ARGS__);                                           \
            printf("\n");                                                  \
        }                                                                  \
    } while (0)

/* xoshiro-style PRNG; deterministic from the seed (tests print the seed). */
void t_seed(uint64_t s);
uint64_t t_rand(void);
size_t t_below(size_t n); /* uniform-ish in [0, n) */
void t_fill(uint8_t *p, size_t n);

/* Print "N passed, M failed" and return the exit status. */
int t_summary(void);

#endif
