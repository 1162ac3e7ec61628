/*
 * The XTS whitening loop written once over a small vector vocabulary; an ISA
 * file defines it and includes this file (libaegis's way). Needed:
 *   XV                     the vector type, XL tweaks (128-bit lanes) each
 *   XV_LOAD(p) XV_STORE(p, v) XV_XOR(a, b)
 *   XV_MUL(v, s)           every lane times alpha^s (1 <= s <= 57)
 *   XV_START(t)            lanes T, T alpha, ..., T alpha^(XL-1) from 16 bytes t
 *   XV_NAME                the function's name
 * Four registers hold 4*XL consecutive tweaks; each step multiplies all of
 * them by alpha^(4*XL). Blocks past the last whole group go to the portable
 * loop, which also keeps the tail logic of xts.c in one place.
 */
#define XG (4 * XL) /* blocks per group */

/* dst = src ^ tweaks for n (a multiple of XG) blocks from state v[4]; v advances. */
static inline void xv_whiten(XV v[4], uint8_t *dst, const uint8_t *src, size_t n) {
    for (size_t i = 0; i < n; i += XG) {
        for (unsigned r = 0; r < 4; r++) {
            const size_t off = (i + (size_t)r * XL) * 16;
            XV_STORE(dst + off, XV_XOR(XV_LOAD(src + off), v[r]));
            v[r] = XV_MUL(v[r], XG);
        }
    }
}

void XV_NAME(const arx_key *k, uint8_t t[16], uint8_t *out, const uint8_t *in, size_t n, int decrypt) {
    const size_t whole = n / XG * XG;
    if (whole) {
        XV v[4], w[4];
        v[0] = XV_START(t);
        for (unsigned r = 1; r < 4; r++) v[r] = XV_MUL(v[r - 1], XL);
        for (size_t done = 0; done < whole;) {
            size_t m = whole - done < ARX_XTS_CHUNK_BLOCKS ? whole - done : ARX_XTS_CHUNK_BLOCKS;
            for (unsigned r = 0; r < 4; r++) w[r] = v[r];
            xv_whiten(v, out + done * 16, in + done * 16, m);
            if (decrypt) arx_decrypt_blocks(k, out + done * 16, out + done * 16, m);
            else arx_encrypt_blocks(k, out + done * 16, out + done * 16, m);
            xv_whiten(w, out + done * 16, out + done * 16, m);
            done += m;
        }
        uint8_t next[XL * 16];
        XV_STORE(next, v[0]); /* lane 0 of the first register: T_whole */
        memcpy(t, next, 16);
        arx_wipe(next, sizeof next);
    }
    arx_xts_blocks_ref(k, t, out + whole * 16, in + whole * 16, n - whole, decrypt);
}
