#include "hex.h"

#include <stdlib.h>

/* The value of hex digit c, or -1; keys pass through here, so without a
 * branch or a table indexed by c. For c in 0..255, c - '0' as unsigned is
 * below 10 exactly for a digit, (c | 0x20) - 'a' below 6 for a-f or A-F. */
static int nibble(unsigned char c) {
    const unsigned d = (unsigned)c - '0', a = ((unsigned)c | 0x20u) - 'a';
    const unsigned is_d = (((d - 10u) & ~d) >> 31) & 1u; /* d < 10 */
    const unsigned is_a = (((a - 6u) & ~a) >> 31) & 1u;  /* a < 6 */
    const unsigned v = (d & (0u - is_d)) | ((a + 10u) & (0u - is_a));
    return (int)(v | ((is_d | is_a) - 1u)); /* all ones (-1) when neither */
}

uint8_t *arx_hex_decode(const char *s, size_t n, size_t *len) {
    if (n % 2) return NULL;
    uint8_t *out = malloc(n / 2 + 1);
    if (!out) return NULL;
    int bad = 0;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = nibble((unsigned char)s[2 * i]), lo = nibble((unsigned char)s[2 * i + 1]);
        bad |= hi | lo; /* negative if either was not a digit */
        out[i] = (uint8_t)((unsigned)hi << 4 | (unsigned)lo); /* garbage when bad: freed below */
    }
    if (bad < 0) { /* which character was wrong is not revealed */
        free(out);
        return NULL;
    }
    *len = n / 2;
    return out;
}
