/*
 * CFB with full-block segments (NIST SP 800-38A, 6.3, s = block bits) and
 * OFB (6.4). The last block may be partial: its keystream is truncated.
 * CFB decryption is parallel (every cipher input is a known ciphertext
 * block), so it goes through the wide kernel a chunk at a time.
 */

#include "../par.h"

static int fb_check(const arx_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out,
                    const uint8_t *in, size_t len) {
    if (!k) return ARX_ERR_NULL;
    int rc = arx_check_iv(k, iv, iv_len);
    if (!rc) rc = arx_check_io(out, in, len);
    return rc;
}

int arx_cfb_encrypt(const arx_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out,
                    const uint8_t *in, size_t len) {
    int rc = fb_check(k, iv, iv_len, out, in, len);
    if (rc) return rc;
    const size_t bb = k->desc->block_bytes;
    uint8_t reg[ARX_MAX_BLOCK];
    memcpy(reg, iv, bb);
    while (len) {
        size_t m = len < bb ? len : bb;
        arx_encrypt_blocks(k, reg, reg, 1);
        arx_xor(reg, reg, in, m); /* the ciphertext becomes the next input */
        memcpy(out, reg, m);
        in += m;
        out += m;
        len -= m;
    }
    arx_wipe(reg, sizeof reg);
    return ARX_OK;
}

/* len bytes (the last block may be partial); prev holds the IV in and the
 * last ciphertext block out (when that block was whole). */
static void cfb_dec_serial(const arx_key *k, uint8_t *prev, uint8_t *out, const uint8_t *in, size_t len) {
    const size_t bb = k->desc->block_bytes;
    const size_t per = ARX_CHUNK_BYTES / bb;
    uint8_t buf[ARX_CHUNK_BYTES];
    size_t blocks = (len + bb - 1) / bb; /* the last may be partial */
    const size_t used = (blocks < per ? blocks : per) * bb; /* to wipe */
    while (blocks) {
        size_t m = blocks < per ? blocks : per;
        size_t bytes = m * bb < len ? m * bb : len;
        /* cipher inputs: prev, then this chunk's ciphertext minus its last block */
        memcpy(buf, prev, bb);
        memcpy(buf + bb, in, (m - 1) * bb);
        if (bytes == m * bb) memcpy(prev, in + (m - 1) * bb, bb);
        arx_encrypt_blocks(k, buf, buf, m);
        arx_xor(out, in, buf, bytes);
        in += bytes;
        out += bytes;
        len -= bytes;
        blocks -= m;
    }
    arx_wipe(buf, used);
}

/* Decryption over the key's threads, as CBC's: share i's first cipher input
 * is the ciphertext block before it, copied before any share writes. */
typedef struct {
    const arx_key *k;
    arx_par_plan plan;
    uint8_t *prevs; /* one block per share */
    uint8_t *out;
    const uint8_t *in;
    size_t len;
} cfb_job;

static void cfb_share(void *ctx, unsigned i) {
    const cfb_job *j = ctx;
    const size_t bb = j->k->desc->block_bytes, first = arx_par_first(&j->plan, i) * bb;
    size_t bytes = j->len - first < j->plan.share_blocks * bb ? j->len - first : j->plan.share_blocks * bb;
    cfb_dec_serial(j->k, j->prevs + i * bb, j->out + first, j->in + first, bytes);
}

int arx_cfb_decrypt(const arx_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out,
                    const uint8_t *in, size_t len) {
    int rc = fb_check(k, iv, iv_len, out, in, len);
    if (rc) return rc;
    const size_t bb = k->desc->block_bytes;
    uint8_t prev[ARX_MAX_BLOCK];
    memcpy(prev, iv, bb);
    cfb_job j = {k, arx_par_split(k, (len + bb - 1) / bb, bb), NULL, out, in, len};
    if (!(j.prevs = arx_par_chains(&j.plan, bb, prev, in))) {
        if (len) cfb_dec_serial(k, prev, out, in, len);
        return ARX_OK;
    }
    arx_par_run(&j.plan, cfb_share, &j);
    arx_free(j.prevs);
    return ARX_OK;
}

int arx_ofb_xor(const arx_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out,
                const uint8_t *in, size_t len) {
    int rc = fb_check(k, iv, iv_len, out, in, len);
    if (rc) return rc;
    const size_t bb = k->desc->block_bytes;
    uint8_t reg[ARX_MAX_BLOCK];
    memcpy(reg, iv, bb);
    while (len) {
        size_t m = len < bb ? len : bb;
        arx_encrypt_blocks(k, reg, reg, 1);
        arx_xor(out, in, reg, m);
        in += m;
        out += m;
        len -= m;
    }
    arx_wipe(reg, sizeof reg);
    return ARX_OK;
}
