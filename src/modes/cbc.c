/*
 * CBC (NIST SP 800-38A, 6.2), with optional PKCS#7 padding (RFC 5652, 6.3).
 * Encryption is serial by definition; decryption runs the wide kernel over a
 * chunk and XORs afterwards, walking the chunk backwards so in-place works.
 */

#include "../par.h"

static int cbc_check(const arx_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out,
                     const uint8_t *in, size_t len) {
    if (!k) return ARX_ERR_NULL;
    int rc = arx_check_iv(k, iv, iv_len);
    if (!rc) rc = arx_check_io(out, in, len);
    return rc;
}

/* Whole blocks; chain (block bytes) holds the IV in and the last ciphertext out. */
static void cbc_enc(const arx_key *k, uint8_t *chain, uint8_t *out, const uint8_t *in, size_t n) {
    const size_t bb = k->desc->block_bytes;
    for (size_t i = 0; i < n; i++) {
        arx_xor(chain, chain, in + i * bb, bb);
        arx_encrypt_blocks(k, chain, chain, 1);
        memcpy(out + i * bb, chain, bb);
    }
}

static void cbc_dec_serial(const arx_key *k, uint8_t *chain, uint8_t *out, const uint8_t *in, size_t n) {
    const size_t bb = k->desc->block_bytes;
    const size_t per = ARX_CHUNK_BYTES / bb;
    uint8_t buf[ARX_CHUNK_BYTES], next[ARX_MAX_BLOCK];
    const size_t used = (n < per ? n : per) * bb; /* to wipe */
    while (n) {
        size_t m = n < per ? n : per;
        memcpy(next, in + (m - 1) * bb, bb); /* before out overwrites it */
        arx_decrypt_blocks(k, buf, in, m);
        for (size_t j = m - 1; j > 0; j--)
            arx_xor(out + j * bb, buf + j * bb, in + (j - 1) * bb, bb);
        arx_xor(out, buf, chain, bb);
        memcpy(chain, next, bb);
        in += m * bb;
        out += m * bb;
        n -= m;
    }
    arx_wipe(buf, used);
}

/* Decryption over the key's threads. Share i's chain block is the
 * ciphertext block before it, copied before any share writes (in-place
 * decryption overwrites it). */
typedef struct {
    const arx_key *k;
    arx_par_plan plan;
    uint8_t *chains; /* one block per share */
    uint8_t *out;
    const uint8_t *in;
    size_t n;
} cbc_job;

static void cbc_share(void *ctx, unsigned i) {
    const cbc_job *j = ctx;
    const size_t bb = j->k->desc->block_bytes, first = arx_par_first(&j->plan, i);
    cbc_dec_serial(j->k, j->chains + i * bb, j->out + first * bb, j->in + first * bb,
                   arx_par_count(&j->plan, j->n, i));
}

static void cbc_dec(const arx_key *k, uint8_t *chain, uint8_t *out, const uint8_t *in, size_t n) {
    const size_t bb = k->desc->block_bytes;
    cbc_job j = {k, arx_par_split(k, n, bb), NULL, out, in, n};
    if (!(j.chains = arx_par_chains(&j.plan, bb, chain, in))) {
        cbc_dec_serial(k, chain, out, in, n);
        return;
    }
    memcpy(chain, in + (n - 1) * bb, bb); /* the chain after the last block */
    arx_par_run(&j.plan, cbc_share, &j);
    arx_free(j.chains);
}

typedef void (*cbc_fn)(const arx_key *, uint8_t *, uint8_t *, const uint8_t *, size_t);

static int cbc_whole(cbc_fn fn, const arx_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out,
                     const uint8_t *in, size_t len) {
    int rc = cbc_check(k, iv, iv_len, out, in, len);
    if (rc) return rc;
    const size_t bb = k->desc->block_bytes;
    if (len % bb) return ARX_ERR_LENGTH;
    uint8_t chain[ARX_MAX_BLOCK];
    memcpy(chain, iv, bb);
    fn(k, chain, out, in, len / bb);
    return ARX_OK;
}

int arx_cbc_encrypt(const arx_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out,
                    const uint8_t *in, size_t len) {
    return cbc_whole(cbc_enc, k, iv, iv_len, out, in, len);
}

int arx_cbc_decrypt(const arx_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out,
                    const uint8_t *in, size_t len) {
    return cbc_whole(cbc_dec, k, iv, iv_len, out, in, len);
}

int arx_cbc_encrypt_pad(const arx_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out,
                        size_t out_cap, size_t *out_len, const uint8_t *in, size_t len) {
    if (!out_len) return ARX_ERR_NULL;
    *out_len = 0;
    int rc = cbc_check(k, iv, iv_len, out, in, len);
    if (rc) return rc;
    const size_t bb = k->desc->block_bytes;
    const size_t pad = bb - len % bb, total = len + pad;
    if (total < len) return ARX_ERR_TOO_LONG;
    if (!out) return ARX_ERR_NULL;
    if (out_cap < total) return ARX_ERR_BUFFER;
    /* in (len bytes) and out (total bytes) may be one buffer, or disjoint */
    if (len && out != in && (uintptr_t)out < (uintptr_t)in + len && (uintptr_t)in < (uintptr_t)out + total)
        return ARX_ERR_OVERLAP;
    uint8_t chain[ARX_MAX_BLOCK], last[ARX_MAX_BLOCK];
    const size_t full = len / bb;
    memcpy(chain, iv, bb);
    /* The padded last block is built before the full blocks are encrypted,
     * since in-place encryption overwrites `in`. */
    if (len % bb) memcpy(last, in + full * bb, len % bb);
    memset(last + len % bb, (int)pad, pad);
    cbc_enc(k, chain, out, in, full);
    cbc_enc(k, chain, out + full * bb, last, 1);
    arx_wipe(last, sizeof last);
    *out_len = total;
    return ARX_OK;
}

int arx_cbc_decrypt_pad(const arx_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out,
                        size_t out_cap, size_t *out_len, const uint8_t *in, size_t len) {
    if (!out_len) return ARX_ERR_NULL;
    *out_len = 0;
    int rc = cbc_check(k, iv, iv_len, out, in, len);
    if (rc) return rc;
    const size_t bb = k->desc->block_bytes;
    if (len == 0 || len % bb) return ARX_ERR_LENGTH;
    if (out_cap < len - 1) return ARX_ERR_BUFFER;
    uint8_t chain[ARX_MAX_BLOCK], last[ARX_MAX_BLOCK];
    const size_t full = len / bb - 1;
    memcpy(chain, iv, bb);
    cbc_dec(k, chain, out, in, full);
    cbc_dec(k, chain, last, in + full * bb, 1);

    /* Constant-time check of the padding (no branch on plaintext): the last
     * byte p must be 1..bb and the last p bytes must all equal p. */
    const uint32_t p = last[bb - 1];
    uint32_t bad = ((p - 1u) >> 8) & 1u;           /* p == 0 */
    bad |= ((uint32_t)bb - p) >> 31;               /* p > bb */
    for (size_t i = 0; i < bb; i++) {
        uint32_t in_pad = ((uint32_t)(bb - 1 - i) - p) >> 31; /* (bb-1-i) < p */
        uint32_t diff = (uint32_t)(last[i] ^ p);
        bad |= in_pad & (((0u - diff) >> 31) & 1u); /* diff != 0 inside the padding */
    }
    /* The verdict and, on success, the plaintext length are returned to the
     * caller; which byte was wrong is not. */
    ARX_DECLASSIFY(&bad, sizeof bad);
    if (bad) {
        arx_wipe(out, len - 1); /* all the caller's promised space, not just what was written */
        arx_wipe(last, sizeof last);
        return ARX_ERR_PADDING;
    }
    uint32_t keep = (uint32_t)bb - p;
    ARX_DECLASSIFY(&keep, sizeof keep);
    memcpy(out + full * bb, last, keep);
    arx_wipe(last, sizeof last);
    *out_len = full * bb + keep;
    return ARX_OK;
}
