/* Wiping and constant-time comparison (declared in internal.h). */
#include "internal.h"

void arx_wipe(void *p, size_t n) {
    /* A store through a volatile pointer cannot be removed as dead. */
    volatile uint8_t *v = (volatile uint8_t *)p;
    while (n--) *v++ = 0;
}

int arx_ct_equal(const void *a, const void *b, size_t n) {
    const volatile uint8_t *x = (const volatile uint8_t *)a;
    const volatile uint8_t *y = (const volatile uint8_t *)b;
    uint32_t diff = 0;
    for (size_t i = 0; i < n; i++) diff |= (uint32_t)(x[i] ^ y[i]);
    /* diff in 0..255: (diff - 1) >> 8 has its low bit set only when diff == 0. */
    return (int)(((diff - 1u) >> 8) & 1u);
}
