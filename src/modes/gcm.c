/*
 * GCM (NIST SP 800-38D). Counter blocks use inc32 (7.1: only the low 32 bits
 * count, wrapping mod 2^32); gcm_ctr32 says how they are produced.
 */
#include "../par.h"
#include "ghash.h"
#include "many.h"

/* SP 800-38D, 5.2.1.1: len(P) <= 2^39 - 256 bits; len(A) <= 2^64 - 1 bits. */
#define GCM_MAX_TEXT ((((uint64_t)1) << 36) - 32)
#define GCM_MAX_AAD ((((uint64_t)1) << 61) - 1)

enum { GCM_AAD, GCM_ENC, GCM_DEC, GCM_DONE };

struct arx_gcm {
    const arx_key *key;
    arx_ghash gh;
    uint8_t j0[16];      /* pre-counter block */
    uint8_t ej0[16];     /* E(J0), which masks the tag */
    uint8_t ctr[16];     /* next counter block */
    uint8_t stream[16];  /* keystream of the block in progress */
    uint8_t pending[16]; /* AAD or ciphertext bytes not yet hashed */
    uint64_t aad_len, text_len;
    int state;
    int j0_secret; /* J0 was hashed from the nonce (not 96 bits): see gcm_ctr32 */
    void *heap;    /* arx_gcm_new's allocation; NULL in caller memory or on the stack */
};
_Static_assert(sizeof(struct arx_gcm) <= ARX_GCM_STORAGE_BYTES, "ARX_GCM_STORAGE_BYTES is public: keep the context within it");

/*
 * out = in XOR keystream for nblocks, counters from ctr with inc32 semantics.
 *
 * With a 96-bit nonce, J0 = nonce || 1 is public, and the runs are cut where
 * the low word wraps (a branch on the public counter) so the backend's CTR
 * kernel, with its precomputed first rounds, does the work.
 *
 * Any other nonce length gives J0 = GHASH_H(nonce), which depends on the
 * key: where the low word wraps would then tell an observer something about
 * H (whether the low 32 bits of GHASH_H(N) lie within a message's length of
 * 2^32 is a linear condition on H's bits for a chosen N). Those counters are
 * built without a branch on their value and encrypted with the ECB kernel.
 */
static void gcm_ctr32_secret(const arx_key *k, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                             size_t nblocks) {
    uint8_t buf[ARX_CHUNK_BYTES];
    const size_t per = ARX_CHUNK_BYTES / 16;
    const size_t used = (nblocks < per ? nblocks : per) * 16; /* to wipe */
    uint32_t lo = arx_load32_be(ctr + 12);
    while (nblocks) {
        size_t m = nblocks < per ? nblocks : per;
        for (size_t i = 0; i < m; i++) {
            memcpy(buf + 16 * i, ctr, 12);
            /* inc32: wraps mod 2^32 (the barrier: see arx_value_barrier32) */
            arx_store32_be(buf + 16 * i + 12, arx_value_barrier32(lo) + (uint32_t)i);
        }
        lo += (uint32_t)m;
        arx_encrypt_blocks(k, buf, buf, m);
        arx_xor(out, in, buf, m * 16);
        in += m * 16;
        out += m * 16;
        nblocks -= m;
    }
    arx_store32_be(ctr + 12, lo);
    arx_wipe(buf, used);
}

void arx_gcm_ctr32(const arx_key *k, int j0_secret, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                      size_t nblocks) {
    if (j0_secret) {
        gcm_ctr32_secret(k, ctr, out, in, nblocks);
        return;
    }
    while (nblocks) {
        uint64_t until_wrap = ((uint64_t)1 << 32) - arx_load32_be(ctr + 12);
        size_t m = (uint64_t)nblocks < until_wrap ? nblocks : (size_t)until_wrap;
        uint8_t top[12];
        memcpy(top, ctr, 12);
        arx_ctr_blocks(k, ctr, out, in, m);
        memcpy(ctr, top, 12); /* undo any carry out of the low word */
        in += m * 16;
        out += m * 16;
        nblocks -= m;
    }
}

int arx_gcm_j0(const arx_ghash_key *gk, const uint8_t *nonce, size_t nonce_len, uint8_t j0[16]) {
    if (nonce_len == 12) {
        memcpy(j0, nonce, 12);
        memset(j0 + 12, 0, 3);
        j0[15] = 1;
        return 0;
    }
    arx_ghash g;
    uint8_t lens[16] = {0};
    arx_ghash_start(&g, gk);
    arx_ghash_padded(&g, nonce, nonce_len);
    arx_store64_be(lens + 8, (uint64_t)nonce_len * 8);
    arx_ghash_blocks(&g, lens, 1);
    arx_ghash_out(&g, j0);
    arx_wipe(&g, sizeof g);
    return 1;
}

/* SP 800-38D, 7.1 steps 1-2: H = E(0^128) (kept with the key: key.c) and
 * the pre-counter block J0. */
static void gcm_setup(arx_gcm *c, const arx_key *k, const uint8_t *nonce, size_t nonce_len) {
    const arx_ghash_key *gk = arx_key_ghash(k);
    memset(c, 0, sizeof *c);
    c->key = k;
    c->j0_secret = arx_gcm_j0(gk, nonce, nonce_len, c->j0);
    arx_ghash_start(&c->gh, gk);
    memcpy(c->ctr, c->j0, 16);
    arx_ctr_inc(c->ctr + 12, 4); /* inc32 */
    /* E(J0) now, with the scalar reference block: nothing waits for it until
     * the tag, so the out-of-order core runs its ~70-cycle dependency chain
     * alongside the vector kernels that follow, where computing it at the
     * end cost the whole chain (a one-block vector batch: 132 TSC cycles). */
    k->desc->backends[0]->encrypt(k->ks, c->ej0, c->j0, 1);
    c->state = GCM_AAD;
}

static int gcm_check_key(const arx_key *k) {
    if (!k) return ARX_ERR_NULL;
    return k->desc->block_bytes == 16 ? ARX_OK : ARX_ERR_MODE_UNSUPPORTED;
}

/* v > max on 64 bits: a size_t widened here can be 16 or 32 bits wide (AVR,
 * MSP430, 32-bit hosts), where comparing it with a 64-bit limit in place is
 * always false and -Wtype-limits says so; the check must stay for 64-bit
 * size_t. */
static int gcm_over(uint64_t v, uint64_t max) { return v > max; }

static int gcm_check_nonce(const uint8_t *nonce, size_t nonce_len) {
    if (nonce_len == 0 || gcm_over(nonce_len, UINT64_MAX >> 3)) return ARX_ERR_IV_LENGTH;
    return nonce ? ARX_OK : ARX_ERR_NULL;
}

int arx_gcm_init(arx_gcm **out, void *mem, size_t mem_size, const arx_key *k, const uint8_t *nonce,
                 size_t nonce_len) {
    if (!out) return ARX_ERR_NULL;
    *out = NULL;
    if (!mem) return ARX_ERR_NULL;
    int rc = gcm_check_key(k);
    if (!rc) rc = gcm_check_nonce(nonce, nonce_len);
    if (!rc) rc = arx_check_storage(mem, mem_size, ARX_GCM_STORAGE_BYTES);
    if (rc) return rc;
    memset(mem, 0, ARX_GCM_STORAGE_BYTES); /* all of it is the context's until arx_gcm_free */
    gcm_setup(mem, k, nonce, nonce_len);
    *out = mem;
    return ARX_OK;
}

#ifndef ARX_FREESTANDING
int arx_gcm_new(arx_gcm **out, const arx_key *k, const uint8_t *nonce, size_t nonce_len) {
    if (!out) return ARX_ERR_NULL;
    *out = NULL;
    int rc = gcm_check_key(k);
    if (!rc) rc = gcm_check_nonce(nonce, nonce_len);
    if (rc) return rc;
    arx_gcm *c = arx_alloc(sizeof *c);
    if (!c) return ARX_ERR_NOMEM;
    gcm_setup(c, k, nonce, nonce_len);
    c->heap = c;
    *out = c;
    return ARX_OK;
}
#endif

void arx_gcm_free(arx_gcm *c) {
    if (!c) return;
    void *heap = c->heap;
    arx_wipe(c, heap ? sizeof *c : ARX_GCM_STORAGE_BYTES); /* caller memory: all that init took */
    arx_free(heap);
}

int arx_gcm_aad(arx_gcm *c, const uint8_t *aad, size_t len) {
    if (!c) return ARX_ERR_NULL;
    if (len && !aad) return ARX_ERR_NULL;
    if (c->state != GCM_AAD) return ARX_ERR_STATE;
    if (len > GCM_MAX_AAD - c->aad_len) return ARX_ERR_TOO_LONG;
    if (len == 0) return ARX_OK; /* aad may be NULL: memcpy must not see it */
    size_t pos = (size_t)(c->aad_len % 16);
    c->aad_len += len;
    if (pos) {
        size_t m = 16 - pos < len ? 16 - pos : len;
        memcpy(c->pending + pos, aad, m);
        aad += m;
        len -= m;
        if (pos + m < 16) return ARX_OK;
        arx_ghash_blocks(&c->gh, c->pending, 1);
    }
    arx_ghash_blocks(&c->gh, aad, len / 16);
    if (len % 16) memcpy(c->pending, aad + (len & ~(size_t)15), len % 16);
    return ARX_OK;
}

/* First data call: hash the zero-padded tail of the AAD. */
static void gcm_close_aad(arx_gcm *c) {
    size_t pos = (size_t)(c->aad_len % 16);
    if (pos) {
        memset(c->pending + pos, 0, 16 - pos);
        arx_ghash_blocks(&c->gh, c->pending, 1);
    }
}

/*
 * Whole blocks: first through the backend's stitched kernel, if it has one
 * for this GHASH; then a chunk at a time, so the data is still in cache for
 * GHASH. Decryption hashes the ciphertext before in-place decryption
 * overwrites it. Counters from ctr (advanced), GHASH into gh.
 */
static void gcm_blocks(const arx_key *k, int j0_secret, arx_ghash *gh, uint8_t ctr[16], uint8_t *out,
                       const uint8_t *in, size_t full, int dir) {
    if (k->be->gcm_xor && (gh->key->impl == ARX_GHASH_VPCLMUL || gh->key->impl == ARX_GHASH_VPCLMUL256) && full) {
        size_t done = k->be->gcm_xor(k->ks, gh, ctr, out, in, full, dir == GCM_DEC);
        in += done * 16;
        out += done * 16;
        full -= done;
    }
    while (full) {
        size_t m = full < ARX_CHUNK_BYTES / 16 ? full : ARX_CHUNK_BYTES / 16;
        if (dir == GCM_DEC) arx_ghash_blocks(gh, in, m);
        arx_gcm_ctr32(k, j0_secret, ctr, out, in, m);
        if (dir == GCM_ENC) arx_ghash_blocks(gh, out, m);
        in += m * 16;
        out += m * 16;
        full -= m;
    }
}

/*
 * gcm_blocks over the key's threads. Share i runs from counter ctr + first
 * (inc32: the low word only, mod 2^32, computed without a branch on it) and
 * hashes its ciphertext from Y = 0; the shares' hashes are then folded into
 * the message's in order with H^(share blocks) (ghash.h), so the tag is the
 * one-thread tag.
 */
typedef struct {
    const arx_gcm *c;
    arx_par_plan plan;
    arx_ghash *parts;
    uint8_t *out;
    const uint8_t *in;
    size_t n;
    int dir;
} gcm_job;

static void gcm_share(void *ctx, unsigned i) {
    const gcm_job *j = ctx;
    const size_t first = arx_par_first(&j->plan, i);
    uint8_t ctr[16];
    memcpy(ctr, j->c->ctr, 12);
    arx_store32_be(ctr + 12, arx_load32_be(j->c->ctr + 12) + (uint32_t)first);
    arx_ghash_start(&j->parts[i], j->c->gh.key);
    gcm_blocks(j->c->key, j->c->j0_secret, &j->parts[i], ctr, j->out + first * 16, j->in + first * 16,
               arx_par_count(&j->plan, j->n, i), j->dir);
    arx_wipe(ctr, sizeof ctr);
}

static void gcm_blocks_par(arx_gcm *c, uint8_t *out, const uint8_t *in, size_t n, int dir) {
    gcm_job j = {c, arx_par_split(c->key, n, 16), NULL, out, in, n, dir};
    if (j.plan.shares > 1) j.parts = arx_alloc(j.plan.shares * sizeof *j.parts);
    if (!j.parts) { /* one share (or no memory for the partial hashes): this thread */
        if (n) gcm_blocks(c->key, c->j0_secret, &c->gh, c->ctr, out, in, n, dir);
        return;
    }
    arx_par_run(&j.plan, gcm_share, &j);
    arx_ghash hn, hlast;
    const size_t last = arx_par_count(&j.plan, n, j.plan.shares - 1);
    arx_ghash_hpow(&hn, c->gh.key, j.plan.share_blocks);
    if (last == j.plan.share_blocks) hlast = hn; /* equal shares: one power serves */
    else arx_ghash_hpow(&hlast, c->gh.key, last);
    for (unsigned i = 0; i < j.plan.shares; i++)
        arx_ghash_fold(&c->gh, i + 1 < j.plan.shares ? &hn : &hlast, &j.parts[i]);
    arx_store32_be(c->ctr + 12, arx_load32_be(c->ctr + 12) + (uint32_t)n);
    arx_wipe(j.parts, j.plan.shares * sizeof *j.parts);
    arx_wipe(&hn, sizeof hn);
    arx_wipe(&hlast, sizeof hlast);
    arx_free(j.parts);
}

static int gcm_update(arx_gcm *c, uint8_t *out, const uint8_t *in, size_t len, int dir) {
    if (!c) return ARX_ERR_NULL;
    if (c->state != GCM_AAD && c->state != dir) return ARX_ERR_STATE;
    if (len > GCM_MAX_TEXT - c->text_len) return ARX_ERR_TOO_LONG;
    int rc = arx_check_io(out, in, len);
    if (rc) return rc;
    if (c->state == GCM_AAD) {
        gcm_close_aad(c);
        c->state = dir;
    }
    if (len == 0) return ARX_OK;
    size_t pos = (size_t)(c->text_len % 16);
    c->text_len += len;
    /* Finish the block in progress. `pending` collects ciphertext for GHASH. */
    while (pos && pos < 16 && len) {
        uint8_t x = *in++;
        uint8_t y = (uint8_t)(x ^ c->stream[pos]);
        c->pending[pos++] = dir == GCM_ENC ? y : x;
        *out++ = y;
        len--;
    }
    if (pos == 16) arx_ghash_blocks(&c->gh, c->pending, 1);
    size_t full = len / 16;
    gcm_blocks_par(c, out, in, full, dir);
    in += full * 16;
    out += full * 16;
    len -= full * 16;
    if (len) { /* start a block; keep its keystream and ciphertext */
        memset(c->stream, 0, 16);
        arx_gcm_ctr32(c->key, c->j0_secret, c->ctr, c->stream, c->stream, 1);
        for (size_t i = 0; i < len; i++) {
            uint8_t y = (uint8_t)(in[i] ^ c->stream[i]);
            c->pending[i] = dir == GCM_ENC ? y : in[i];
            out[i] = y;
        }
    }
    return ARX_OK;
}

int arx_gcm_encrypt_update(arx_gcm *c, uint8_t *out, const uint8_t *in, size_t len) {
    return gcm_update(c, out, in, len, GCM_ENC);
}
int arx_gcm_decrypt_update(arx_gcm *c, uint8_t *out, const uint8_t *in, size_t len) {
    return gcm_update(c, out, in, len, GCM_DEC);
}

/* SP 800-38D, 7.1 steps 5-6: S = GHASH(... || [len(A)]64 || [len(C)]64), T = E(J0) xor S. */
static void gcm_tag(arx_gcm *c, uint8_t full[16]) {
    if (c->state == GCM_AAD) gcm_close_aad(c);
    size_t pos = (size_t)(c->text_len % 16);
    if (pos) {
        memset(c->pending + pos, 0, 16 - pos);
        arx_ghash_blocks(&c->gh, c->pending, 1);
    }
    uint8_t lens[16];
    arx_store64_be(lens, c->aad_len * 8);
    arx_store64_be(lens + 8, c->text_len * 8);
    arx_ghash_blocks(&c->gh, lens, 1);
    arx_ghash_out(&c->gh, full);
    arx_xor(full, full, c->ej0, 16);
    c->state = GCM_DONE;
}

static int gcm_check_tag(const uint8_t *tag, size_t tag_len) {
    if (tag_len < 4 || tag_len > 16) return ARX_ERR_TAG_LENGTH;
    return tag ? ARX_OK : ARX_ERR_NULL;
}

int arx_gcm_encrypt_final(arx_gcm *c, uint8_t *tag, size_t tag_len) {
    if (!c) return ARX_ERR_NULL;
    int rc = gcm_check_tag(tag, tag_len);
    if (rc) return rc;
    if (c->state == GCM_DEC || c->state == GCM_DONE) return ARX_ERR_STATE;
    uint8_t full[16];
    gcm_tag(c, full);
    memcpy(tag, full, tag_len);
    arx_wipe(full, sizeof full);
    return ARX_OK;
}

int arx_gcm_decrypt_final(arx_gcm *c, const uint8_t *tag, size_t tag_len) {
    if (!c) return ARX_ERR_NULL;
    int rc = gcm_check_tag(tag, tag_len);
    if (rc) return rc;
    if (c->state == GCM_ENC || c->state == GCM_DONE) return ARX_ERR_STATE;
    uint8_t full[16];
    gcm_tag(c, full);
    int ok = arx_ct_equal(full, tag, tag_len);
    arx_wipe(full, sizeof full);
    return ok ? ARX_OK : ARX_ERR_AUTH;
}

int arx_gcm_check_args(const arx_key *k, const uint8_t *nonce, size_t nonce_len,
                             const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in,
                             size_t len, const uint8_t *tag, size_t tag_len) {
    int rc = gcm_check_key(k);
    if (!rc) rc = gcm_check_nonce(nonce, nonce_len);
    if (!rc) rc = gcm_check_tag(tag, tag_len);
    if (!rc && aad_len && !aad) rc = ARX_ERR_NULL;
    if (!rc && (gcm_over(len, GCM_MAX_TEXT) || gcm_over(aad_len, GCM_MAX_AAD))) rc = ARX_ERR_TOO_LONG;
    if (!rc) rc = arx_check_io(out, in, len);
    return rc;
}

#ifdef __wasm__
/*
 * Short messages, 96-bit nonce (WebAssembly builds): the whole message in
 * one pass of each kernel instead of the streaming steps. E(J0) is block 0
 * of the same CTR call as the message (counters J0, J0 + 1, ...: with at
 * most GCM_SMALL_BLOCKS blocks the low word cannot wrap), and GHASH takes
 * the padded AAD, the padded ciphertext and the length block as one run,
 * which the SIMD module's GHASH (ghash_wasm.c) reduces once. A 64-byte message
 * was three kernel calls for keystream and E(J0) and two GHASH runs.
 * Decryption computes the tag before any plaintext leaves the stack buffer;
 * on a mismatch out is zeroed, as in the general path. The counts below are
 * public (lengths), so the branches on them are too.
 */
#define GCM_SMALL_BLOCKS 8
static int gcm_small_fits(size_t nonce_len, size_t aad_len, size_t len) {
    const size_t nb_c = (len + 15) / 16, nb_a = (aad_len + 15) / 16;
    return nonce_len == 12 && len <= 16 * GCM_SMALL_BLOCKS && aad_len <= 16 * GCM_SMALL_BLOCKS &&
           1 + nb_c <= GCM_SMALL_BLOCKS && nb_a + nb_c + 1 <= GCM_SMALL_BLOCKS;
}

/* Keystream blocks: E(J0) and the message's, rounded up to whole batches of
 * the backend's kernel (zero input past the message; at most
 * GCM_SMALL_BLOCKS, a multiple of every backend's lanes): a partial batch
 * costs a whole one and goes through a stack buffer and a byte loop. */
static size_t gcm_small_ks_blocks(const arx_key *k, size_t len) {
    const size_t n = 1 + (len + 15) / 16, lanes = k->be->lanes;
    const size_t r = lanes > 1 ? (n + lanes - 1) / lanes * lanes : n;
    return r < GCM_SMALL_BLOCKS ? r : GCM_SMALL_BLOCKS;
}

/* ks = E(J0) || (in ^ keystream), zero-padded input; s = GHASH_H(A || C || lens), C = in (dec) or the
 * ciphertext (enc). g holds only public bytes (AAD, ciphertext, lengths) and is not wiped. */
static void gcm_small(const arx_key *k, const uint8_t *nonce, const uint8_t *aad, size_t aad_len,
                      const uint8_t *in, size_t len, int dir, uint8_t ks[16 * GCM_SMALL_BLOCKS],
                      uint8_t g[16 * GCM_SMALL_BLOCKS], uint8_t s[16]) {
    const size_t nb_c = (len + 15) / 16, nb_a = (aad_len + 15) / 16;
    uint8_t ctr[16];
    memcpy(ctr, nonce, 12);
    memset(ctr + 12, 0, 3);
    ctr[15] = 1;
    memset(ks, 0, 16 * gcm_small_ks_blocks(k, len));
    if (len) memcpy(ks + 16, in, len);
    /* GHASH input: A padded, C padded, [len(A)]64 || [len(C)]64 */
    uint8_t *gc = g + 16 * nb_a, *gl = gc + 16 * nb_c;
    memset(g, 0, 16 * (nb_a + nb_c));
    if (aad_len) memcpy(g, aad, aad_len);
    if (dir == GCM_DEC && len) memcpy(gc, in, len);
    arx_ctr_blocks(k, ctr, ks, ks, gcm_small_ks_blocks(k, len));
    if (dir == GCM_ENC && len) memcpy(gc, ks + 16, len);
    arx_store64_be(gl, (uint64_t)aad_len * 8);
    arx_store64_be(gl + 8, (uint64_t)len * 8);
    arx_ghash gh;
    arx_ghash_start(&gh, arx_key_ghash(k));
    arx_ghash_blocks(&gh, g, nb_a + nb_c + 1);
    arx_ghash_out(&gh, s);
    arx_xor(s, s, ks, 16);
    arx_wipe(&gh, sizeof gh);
    arx_wipe(ctr, sizeof ctr);
}
#endif

int arx_gcm_encrypt(const arx_key *k, const uint8_t *nonce, size_t nonce_len,
                    const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in,
                    size_t len, uint8_t *tag, size_t tag_len) {
    int rc = arx_gcm_check_args(k, nonce, nonce_len, aad, aad_len, out, in, len, tag, tag_len);
    if (rc) return rc;
#ifdef __wasm__
    if (gcm_small_fits(nonce_len, aad_len, len)) {
        uint8_t ks[16 * GCM_SMALL_BLOCKS], g[16 * GCM_SMALL_BLOCKS], s[16];
        gcm_small(k, nonce, aad, aad_len, in, len, GCM_ENC, ks, g, s);
        if (len) memcpy(out, ks + 16, len);
        memcpy(tag, s, tag_len);
        arx_wipe(ks, 16 * gcm_small_ks_blocks(k, len));
        arx_wipe(s, sizeof s);
        return ARX_OK;
    }
#endif
    arx_gcm c;
    gcm_setup(&c, k, nonce, nonce_len);
    arx_gcm_aad(&c, aad, aad_len);
    gcm_update(&c, out, in, len, GCM_ENC);
    arx_gcm_encrypt_final(&c, tag, tag_len);
    arx_wipe(&c, sizeof c);
    return ARX_OK;
}

int arx_gcm_decrypt(const arx_key *k, const uint8_t *nonce, size_t nonce_len,
                    const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in,
                    size_t len, const uint8_t *tag, size_t tag_len) {
    int rc = arx_gcm_check_args(k, nonce, nonce_len, aad, aad_len, out, in, len, tag, tag_len);
    if (rc) return rc;
    /* One pass (CTR and GHASH per chunk, like the streaming API), then the
     * tag check; on a mismatch the output is wiped before returning, so the
     * caller never receives plaintext of a forged message (CCM does the same). */
#ifdef __wasm__
    if (gcm_small_fits(nonce_len, aad_len, len)) {
        uint8_t ks[16 * GCM_SMALL_BLOCKS], g[16 * GCM_SMALL_BLOCKS], s[16];
        gcm_small(k, nonce, aad, aad_len, in, len, GCM_DEC, ks, g, s);
        int ok = arx_ct_equal(s, tag, tag_len);
        if (len) {
            if (ok) memcpy(out, ks + 16, len);
            else arx_wipe(out, len);
        }
        arx_wipe(ks, 16 * gcm_small_ks_blocks(k, len));
        arx_wipe(s, sizeof s);
        return ok ? ARX_OK : ARX_ERR_AUTH;
    }
#endif
    arx_gcm c;
    uint8_t full[16];
    gcm_setup(&c, k, nonce, nonce_len);
    arx_gcm_aad(&c, aad, aad_len);
    gcm_update(&c, out, in, len, GCM_DEC);
    gcm_tag(&c, full);
    int ok = arx_ct_equal(full, tag, tag_len);
    if (!ok && len) arx_wipe(out, len);
    arx_wipe(full, sizeof full);
    arx_wipe(&c, sizeof c);
    return ok ? ARX_OK : ARX_ERR_AUTH;
}
