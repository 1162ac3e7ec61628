/* The run-time helpers clang's MSP430 code calls (TI's MSP430 EABI, SLAA534)
 * for shifts and multiplies the CPU has no instruction for: the MSP430F1611
 * core shifts one bit per instruction and the library does not use the
 * hardware multiplier peripheral. Plain C; the shift counts are public
 * (rotation amounts), never secret. */
#include <stdint.h>

/* Every loop below shifts by a constant 1, which the CPU has (rla/rrc), so
 * none of these calls back into itself. */
/* Multiplies: a fixed number of steps and no branch on the operands, since
 * the portable GHASH (src/modes/ghash_ct.c) multiplies secret values. */
uint16_t __mspabi_mpyi(uint16_t a, uint16_t b) {
    uint16_t r = 0;
    for (int i = 0; i < 16; i++) {
        r += a & (uint16_t)-(b & 1u);
        a <<= 1;
        b >>= 1;
    }
    return r;
}

uint32_t __mspabi_mpyl(uint32_t a, uint32_t b) {
    uint32_t r = 0;
    for (int i = 0; i < 32; i++) {
        r += a & (uint32_t)-(b & 1u);
        a <<= 1;
        b >>= 1;
    }
    return r;
}

/* clang calls __mspabi_mpyll with its "builtin" convention (the operands in
 * R8-R11 and R12-R15): mspabi_mpyll.S moves the R8-R11 one to the stack
 * and calls this, an ordinary C function. */
uint64_t arx_msp430_mpyll(uint64_t a, uint64_t b) {
    uint64_t r = 0;
    for (int i = 0; i < 64; i++) {
        r += a & (uint64_t)-(b & 1u);
        a <<= 1;
        b >>= 1;
    }
    return r;
}

static uint16_t divmod16(uint16_t n, uint16_t d, uint16_t *rem) {
    uint16_t q = 0, r = 0;
    for (int i = 15; i >= 0; i--) {
        r = (uint16_t)(r << 1) | ((n >> 15) & 1u);
        n <<= 1;
        q <<= 1;
        if (r >= d) {
            r -= d;
            q |= 1u;
        }
    }
    *rem = r;
    return q;
}
uint16_t __mspabi_divu(uint16_t n, uint16_t d) {
    uint16_t r;
    return divmod16(n, d, &r);
}
uint16_t __mspabi_remu(uint16_t n, uint16_t d) {
    uint16_t r;
    divmod16(n, d, &r);
    return r;
}
int16_t __mspabi_divi(int16_t n, int16_t d) {
    uint16_t r, un = n < 0 ? (uint16_t)-n : (uint16_t)n, ud = d < 0 ? (uint16_t)-d : (uint16_t)d;
    uint16_t q = divmod16(un, ud, &r);
    return (n < 0) != (d < 0) ? (int16_t)-q : (int16_t)q;
}

uint32_t __mspabi_divul(uint32_t n, uint32_t d) {
    uint32_t q = 0, r = 0;
    for (int i = 31; i >= 0; i--) {
        r = (r << 1) | ((n >> 31) & 1u);
        n <<= 1;
        q <<= 1;
        if (r >= d) {
            r -= d;
            q |= 1u;
        }
    }
    return q;
}
uint32_t __mspabi_remul(uint32_t n, uint32_t d) { return n - __mspabi_mpyl(__mspabi_divul(n, d), d); }

uint16_t __mspabi_slli(uint16_t x, int16_t n) {
    while (n-- > 0) x <<= 1;
    return x;
}
uint16_t __mspabi_srli(uint16_t x, int16_t n) {
    while (n-- > 0) x >>= 1;
    return x;
}
int16_t __mspabi_srai(int16_t x, int16_t n) {
    while (n-- > 0) x >>= 1;
    return x;
}
uint32_t __mspabi_slll(uint32_t x, int16_t n) {
    while (n-- > 0) x <<= 1;
    return x;
}
uint32_t __mspabi_srll(uint32_t x, int16_t n) {
    while (n-- > 0) x >>= 1;
    return x;
}
int32_t __mspabi_sral(int32_t x, int16_t n) {
    while (n-- > 0) x >>= 1;
    return x;
}
uint64_t __ashldi3(uint64_t x, int16_t n) {
    while (n-- > 0) x <<= 1;
    return x;
}
uint64_t __lshrdi3(uint64_t x, int16_t n) {
    while (n-- > 0) x >>= 1;
    return x;
}
