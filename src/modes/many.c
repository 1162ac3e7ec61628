/*
 * Many messages at once (issue 24): arx_gcm_encrypt_many and friends.
 *
 * Every call first checks every job with the one-message function's own
 * checks (many.h) and that all keys are of one cipher; nothing is written
 * unless all pass. Then, a chunk of jobs at a time:
 *
 * - GCM and CTR on a backend with a lane-per-message kernel (ctr_many,
 *   src/ciphers/many_simd.h: LEA, SPECK-128, SIMON-128, CHAM-128 and
 *   SPARX-128 on AVX-512 and AVX2; CTR only, the 64-bit blocks of SPECK,
 *   SIMON, SIMECK, CHAM, SPARX and HIGHT, and the 32-bit ones of SPECK-32,
 *   SIMON-32 and SIMECK-32),
 *   for messages under MANY_LONG_* bytes
 *   (longer ones run at full speed alone): they are sorted by length
 *   (public) and cut into groups of the kernel's lane count, so the messages
 *   sharing a call are of similar length and few lanes idle. One kernel call
 *   per group runs all its messages' keystream, GCM's E(J0) included (one
 *   extra block per lane). A group whose few longest messages run far past
 *   the rest stops the lanes at a cap and finishes those messages with the
 *   one-message kernel, which is at full speed on long runs. GCM hashes
 *   each group's messages right after (decrypting: before) the group's
 *   keystream, while they are in L1: four messages per zmm or two per ymm
 *   on the VPCLMULQDQ GHASHes (ghash_many_avx512.c, _avx2clmul.c), one by
 *   one over AAD, ciphertext and length block elsewhere.
 * - CMAC on the same lane backends (64- and 128-bit blocks): CBC-MAC per lane
 *   (ctr_many's ARX_MANY_CBC, many_cmac_lanes below).
 * - CCM on the same backends (128-bit blocks): CBC-MAC and keystream both in
 *   lanes (many_ccm_lanes below).
 * - Everything else (other ciphers and backends, keys on different
 *   backends in one chunk): the one-message function per job.
 *
 * Both give byte-identical results; tests/test_many.c checks that on every
 * backend. Scratch is on the stack and bounded by MANY_CHUNK.
 */
#include "many.h"
#include "../par.h"

/* Jobs per pass: bounds the stack (about 80 bytes of scratch per job) and
 * keeps a chunk's data in L1/L2 between the CTR and GHASH passes. */
#define MANY_CHUNK 64

/* Builds with lane kernels: x86 (AVX2, AVX-512), NEON and the WebAssembly
 * SIMD128 module (its 256 KiB stack, CMakeLists.txt, holds the lane path's
 * ~30 KiB; GHASH there is ghash_wasm.c's, one message at a time). */
#define MANY_LANE_PATH (ARX_X86_SIMD || ARX_ARM_NEON || ARX_WASM_SIMD)

#if defined(__GNUC__) || defined(__clang__)
#define MANY_NOINLINE __attribute__((noinline))
#else
#define MANY_NOINLINE
#endif

typedef enum { M_GCM_ENC, M_GCM_DEC, M_CTR, M_CMAC, M_CMAC_VERIFY, M_CCM_ENC, M_CCM_DEC } many_op;

static int many_check_job(many_op op, const arx_job *j) {
    switch (op) {
    case M_GCM_ENC:
    case M_GCM_DEC:
        return arx_gcm_check_args(j->key, j->nonce, j->nonce_len, j->aad, j->aad_len, j->out, j->in, j->len,
                                  j->tag, j->tag_len);
    case M_CCM_ENC:
    case M_CCM_DEC:
        return arx_ccm_check_args(j->key, j->nonce, j->nonce_len, j->aad, j->aad_len, j->out, j->in, j->len,
                                  j->tag, j->tag_len);
    case M_CTR: {
        if (!j->key) return ARX_ERR_NULL;
        int rc = arx_check_iv(j->key, j->nonce, j->nonce_len);
        return rc ? rc : arx_check_io(j->out, j->in, j->len);
    }
    case M_CMAC:
    case M_CMAC_VERIFY: {
        int rc = arx_cmac_check_args(j->key, j->in, j->len, j->tag_len);
        return rc ? rc : (j->tag ? ARX_OK : ARX_ERR_NULL);
    }
    }
    return ARX_ERR_UNKNOWN_MODE;
}

/* Check every job (status set on each); the first bad job's error. */
static int many_check(many_op op, arx_job *jobs, size_t n) {
    if (n && !jobs) return ARX_ERR_NULL;
    int first = ARX_OK;
    const arx_cipher_desc *d = NULL;
    for (size_t i = 0; i < n; i++) {
        int rc = many_check_job(op, &jobs[i]);
        if (!rc) {
            if (!d) d = jobs[i].key->desc;
            else if (jobs[i].key->desc != d) rc = ARX_ERR_CIPHER_MIX;
        }
        jobs[i].status = rc;
        if (rc && !first) first = rc;
    }
    return first;
}

/* One job through the one-message API. */
static int many_one(many_op op, arx_job *j) {
    switch (op) {
    case M_GCM_ENC:
        return arx_gcm_encrypt(j->key, j->nonce, j->nonce_len, j->aad, j->aad_len, j->out, j->in, j->len, j->tag,
                               j->tag_len);
    case M_GCM_DEC:
        return arx_gcm_decrypt(j->key, j->nonce, j->nonce_len, j->aad, j->aad_len, j->out, j->in, j->len, j->tag,
                               j->tag_len);
    case M_CCM_ENC:
        return arx_ccm_encrypt(j->key, j->nonce, j->nonce_len, j->aad, j->aad_len, j->out, j->in, j->len, j->tag,
                               j->tag_len);
    case M_CCM_DEC:
        return arx_ccm_decrypt(j->key, j->nonce, j->nonce_len, j->aad, j->aad_len, j->out, j->in, j->len, j->tag,
                               j->tag_len);
    case M_CTR:
        return arx_ctr_xor(j->key, j->nonce, j->nonce_len, j->out, j->in, j->len);
    case M_CMAC:
        return arx_cmac(j->key, j->in, j->len, j->tag, j->tag_len);
    case M_CMAC_VERIFY:
        return arx_cmac_verify(j->key, j->in, j->len, j->tag, j->tag_len);
    }
    return ARX_ERR_UNKNOWN_MODE;
}

/* ---- the lane-per-message path ------------------------------------------- */

/* Only x86 builds (the AVX2 and AVX-512 files of the 128-bit-block
 * ciphers), NEON ones and the WebAssembly SIMD128 module have lane kernels
 * so far. Elsewhere none of this is compiled, so the calls cost a firmware
 * build neither the code nor the ~30 KiB of stack the lane path uses (its
 * group scratch: transposed schedules, 20.5 KiB for SPARX-128/256's
 * programs, lane tables). */
#if MANY_LANE_PATH

/*
 * S = GHASH_H(A || 0^v || C || 0^u || [len(A)]64 || [len(C)]64) (SP 800-38D
 * 7.1 step 5). A short message's blocks are laid out in one buffer and
 * hashed as one run; a longer one goes piece by piece.
 */
static void many_ghash(const arx_ghash_key *gk, const uint8_t *aad, size_t aad_len, const uint8_t *c, size_t len,
                       uint8_t s[16]) {
    arx_ghash g;
    uint8_t lens[16];
    arx_store64_be(lens, (uint64_t)aad_len * 8);
    arx_store64_be(lens + 8, (uint64_t)len * 8);
    arx_ghash_start(&g, gk);
    const size_t ab = (aad_len + 15) / 16, cb = (len + 15) / 16;
    if (ab + cb + 1 <= ARX_GHASH_MAX_POW) {
        uint8_t buf[ARX_GHASH_MAX_POW * 16];
        if (aad_len) memcpy(buf, aad, aad_len);
        memset(buf + aad_len, 0, ab * 16 - aad_len);
        if (len) memcpy(buf + ab * 16, c, len);
        memset(buf + ab * 16 + len, 0, cb * 16 - len);
        memcpy(buf + (ab + cb) * 16, lens, 16);
        arx_ghash_blocks(&g, buf, ab + cb + 1);
    } else {
        arx_ghash_padded(&g, aad, aad_len);
        arx_ghash_padded(&g, c, len);
        arx_ghash_blocks(&g, lens, 1);
    }
    arx_ghash_out(&g, s);
    arx_wipe(&g, sizeof g);
}

/* S of jobs[idx[0..n)] into s[idx[k]], over its AAD and the ciphertext (its
 * output when encrypting, its input when decrypting): four messages per
 * vector on the VPCLMULQDQ GHASH (one per 128-bit lane), two per ymm on the
 * 256-bit one, PCLMULQDQ keys through ghash_many_pclmul.c, the rest
 * (portable, PMULL, MCU) one by one. */
static void many_ghash_jobs(const arx_job *jobs, const arx_ghash_key *const *gk, const unsigned char *idx, size_t n,
                            int dec, uint8_t (*s)[16]) {
#if ARX_X86_SIMD
    arx_ghash_msg q[MANY_CHUNK], p[MANY_CHUNK], y[MANY_CHUNK];
    size_t nq = 0, np = 0, ny = 0;
#endif
    for (size_t k = 0; k < n; k++) {
        const size_t i = idx[k];
        const arx_job *j = &jobs[i];
        const uint8_t *c = dec ? j->in : j->out;
#if ARX_X86_SIMD
        arx_ghash_msg g = {gk[i], j->aad, j->aad_len, c, j->len, s[i]};
        const size_t blocks = (j->aad_len + 15) / 16 + (j->len + 15) / 16;
        if (gk[i]->impl == ARX_GHASH_VPCLMUL && blocks < 2 * ARX_GHASH_MAX_POW) {
            q[nq++] = g;
            continue;
        }
        if (gk[i]->impl == ARX_GHASH_VPCLMUL256 && blocks < 2 * ARX_GHASH_MAX_POW) {
            y[ny++] = g;
            continue;
        }
        if (gk[i]->impl == ARX_GHASH_PCLMUL || gk[i]->impl == ARX_GHASH_VPCLMUL256) { /* H^1..H^8 as PCLMUL's */
            p[np++] = g;
            continue;
        }
#endif
        many_ghash(gk[i], j->aad, j->aad_len, c, j->len, s[i]);
    }
#if ARX_X86_SIMD
    if (nq) arx_ghash_vpclmul_many(q, nq);
    if (ny) arx_ghash_vpclmul256_many(y, ny);
    if (np) arx_ghash_pclmul_many(p, np);
#endif
}

/* What GCM hashes group by group in many_keystream: jobs[i]'s key gk[i],
 * its S into s[i]; dec: the ciphertext is the input. */
typedef struct {
    const arx_ghash_key *const *gk;
    uint8_t (*s)[16];
    int dec;
} many_gcm_ctx;

/* idx[0..n) sorted by ascending job length (insertion sort: n <= MANY_CHUNK;
 * lengths are public). */
static void many_sort(const arx_job *jobs, unsigned char *idx, size_t n) {
    /* every entry, a constant count: over n, GCC 12's aarch64 vectoriser
     * saw a store past idx (-Wstringop-overflow) */
    for (size_t i = 0; i < MANY_CHUNK; i++) idx[i] = (unsigned char)i;
    size_t i0 = 1; /* already in order up to here (a batch of equal lengths: all of it), read */
    while (i0 < n && jobs[i0 - 1].len <= jobs[i0].len) i0++; /* straight, not through idx */
    for (size_t i = i0; i < n; i++) {
        unsigned char v = idx[i];
        size_t j = i;
        while (j && jobs[idx[j - 1]].len > jobs[v].len) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = v;
    }
}

/* The counter block `adv` blocks after ctr: inc32 (GCM) or the whole block
 * of bb bytes. */
static void many_ctr_advance(uint8_t ctr[16], size_t bb, uint64_t adv, int inc32) {
    if (inc32) arx_store32_be(ctr + 12, arx_load32_be(ctr + 12) + (uint32_t)adv);
    else arx_ctr_add(ctr, bb, adv);
}

/*
 * The keystream of every job in lanes[0..n) (jobs[i] owns lanes[i]): sorted
 * into groups of be->many_lanes. In a group, lanes stop at `cap` data
 * blocks: the length of the message a quarter of the group from its longest,
 * unless the longest ends within 16 blocks of that anyway. What a message
 * has past the cap runs through the one-message kernel. Equal lengths keep
 * the jobs' order, so a batch that cycles through a set of keys gives groups
 * with the same keys lane for lane, and the kernel transposes them once.
 */
static void many_keystream(const arx_backend *be, const arx_job *jobs, const arx_many_lane *lanes, size_t n,
                           int flags, const unsigned char *secret, const many_gcm_ctx *gc) {
    unsigned char idx[MANY_CHUNK];
    const arx_many_lane *grp[ARX_MANY_MAX_LANES];
    arx_many_sched sc;
    sc.n = sc.used = 0;
    const size_t L = be->many_lanes;
    const size_t pre = (flags & ARX_MANY_PRE) ? 1 : 0;
    const size_t bb = jobs[0].key->desc->block_bytes; /* 16, 8; 12, 6 or 4 (CTR only) */
    /* blocks by shifts (no division a group), the 48- and 96-bit blocks by division */
    const unsigned lb = bb == 16 ? 4 : bb == 8 ? 3 : bb == 4 ? 2 : 0;
#define MANY_BLOCKS(x) (lb ? (x) >> lb : (x) / bb)
    many_sort(jobs, idx, n);
    for (size_t g0 = 0; g0 < n; g0 += L) {
        const size_t g = n - g0 < L ? n - g0 : L;
        const unsigned char *gi = idx + g0;
        const size_t longest = MANY_BLOCKS(jobs[gi[g - 1]].len + bb - 1);
        size_t cap = MANY_BLOCKS(jobs[gi[g - 1 - g / 4]].len + bb - 1);
        if (longest <= cap + 16) cap = longest;
        for (size_t i = 0; i < g; i++) grp[i] = &lanes[gi[i]];
        /* GCM hashes a group's ciphertext right before (decrypting: in
         * place, it is about to be overwritten) or after (encrypting) the
         * group's keystream, while its messages are in L1. */
        if (gc && gc->dec) many_ghash_jobs(jobs, gc->gk, gi, g, 1, gc->s);
        be->ctr_many(&sc, grp, g, cap * bb, flags);
        for (size_t i = 0; i < g; i++) {
            const arx_job *j = &jobs[gi[i]];
            if (j->len <= cap * bb) continue;
            /* The rest of a long message, from counter ctr + pre + cap. */
            uint8_t ctr[16], last[16];
            memcpy(ctr, lanes[gi[i]].ctr, 16);
            many_ctr_advance(ctr, bb, pre + cap, flags & ARX_MANY_INC32);
            const size_t off = cap * bb, full = MANY_BLOCKS(j->len - off), rest = j->len - off - full * bb;
            if (flags & ARX_MANY_INC32) arx_gcm_ctr32(j->key, secret[gi[i]], ctr, j->out + off, j->in + off, full);
            else arx_ctr_blocks(j->key, ctr, j->out + off, j->in + off, full);
            if (rest) {
                memset(last, 0, 16);
                memcpy(last, j->in + off + full * bb, rest);
                if (flags & ARX_MANY_INC32) arx_gcm_ctr32(j->key, secret[gi[i]], ctr, last, last, 1);
                else arx_ctr_blocks(j->key, ctr, last, last, 1);
                memcpy(j->out + off + full * bb, last, rest);
            }
            arx_wipe(ctr, sizeof ctr);
            arx_wipe(last, sizeof last);
        }
        if (gc && !gc->dec) many_ghash_jobs(jobs, gc->gk, gi, g, 0, gc->s);
    }
    arx_wipe(sc.rk, sc.used);
#undef MANY_BLOCKS
}

/* The backend every job of jobs[0..n) runs on, if they share one with a
 * lane kernel for this mode and block size (GCM, CCM: 16 bytes; CMAC: 16
 * or 8; CTR: 16, 12, 8, 6 or 4);
 * else NULL. */
static const arx_backend *many_backend(many_op op, const arx_job *jobs, size_t n) {
    const arx_backend *be = jobs[0].key->be;
    const unsigned bb = jobs[0].key->desc->block_bytes;
    if (!be->ctr_many || be->many_lanes > ARX_MANY_MAX_LANES ||
        !(bb == 16 || (bb == 8 && op != M_GCM_ENC && op != M_GCM_DEC && op != M_CCM_ENC && op != M_CCM_DEC) ||
          ((bb == 4 || bb == 6 || bb == 12) && op == M_CTR)))
        return NULL;
    for (size_t i = 1; i < n; i++)
        if (jobs[i].key->be != be) return NULL;
    return be;
}

/* An AEAD job's end, t its full tag: encrypting, its tag_len bytes out;
 * decrypting, compared in constant time, and a forged message's output
 * zeroed (none of its plaintext released). Its status, also returned. */
static int many_tag(arx_job *j, const uint8_t t[16], int dec) {
    if (!dec) {
        if (j->tag_len == 16) memcpy(j->tag, t, 16); /* inline, not a library call a job */
        else memcpy(j->tag, t, j->tag_len);
        return j->status = ARX_OK;
    }
    if (arx_ct_equal(t, j->tag, j->tag_len)) return j->status = ARX_OK;
    if (j->len) arx_wipe(j->out, j->len);
    return j->status = ARX_ERR_AUTH;
}

static int many_gcm_lanes(const arx_backend *be, arx_job *jobs, size_t n, int dec) {
    arx_many_lane lanes[MANY_CHUNK];
    uint8_t ej0[MANY_CHUNK][16], s[MANY_CHUNK][16];
    unsigned char secret[MANY_CHUNK];
    const arx_ghash_key *gk[MANY_CHUNK]; /* [0, n) set below (no 512-byte zeroing a call) */
    int rc = ARX_OK;
    for (size_t i = 0; i < n; i++) {
        arx_job *j = &jobs[i];
        gk[i] = i && j->key == jobs[i - 1].key ? gk[i - 1] : arx_key_ghash_fast(j->key);
        if (j->nonce_len == 12) { /* J0 = nonce || 0^31 || 1, inline: the common case */
            memcpy(lanes[i].ctr, j->nonce, 12);
            arx_store32_be(lanes[i].ctr + 12, 1);
            secret[i] = 0;
        } else {
            secret[i] = (unsigned char)arx_gcm_j0(gk[i], j->nonce, j->nonce_len, lanes[i].ctr);
        }
        lanes[i].ks = j->key->ks;
        lanes[i].in = j->in;
        lanes[i].out = j->out;
        lanes[i].len = j->len;
        lanes[i].pre = ej0[i];
    }
    const many_gcm_ctx gc = {gk, s, dec};
    many_keystream(be, jobs, lanes, n, ARX_MANY_INC32 | ARX_MANY_PRE, secret, &gc);
    for (size_t i = 0; i < n; i++) {
        arx_job *j = &jobs[i];
        arx_xor(s[i], s[i], ej0[i], 16); /* T = E(J0) xor S */
        if (many_tag(j, s[i], dec)) rc = ARX_ERR_AUTH;
    }
    arx_wipe(ej0, n * 16);
    arx_wipe(s, n * 16);
    for (size_t i = 0; i < n; i++) /* a hashed J0 depends on the key; 96-bit nonces' are public */
        if (secret[i]) arx_wipe(lanes[i].ctr, 16);
    return rc;
}

static void many_ctr_lanes(const arx_backend *be, arx_job *jobs, size_t n) {
    arx_many_lane lanes[MANY_CHUNK];
    const size_t bb = jobs[0].key->desc->block_bytes; /* one cipher a call */
    for (size_t i = 0; i < n; i++) {
        /* constant sizes, inline moves: a memcpy call a job of variable
         * size was ~9% of a 16-byte batch (the nonce is one block: 4 bytes
         * for SIMECK-32) */
        if (bb == 16) memcpy(lanes[i].ctr, jobs[i].nonce, 16);
        else if (bb == 8) memcpy(lanes[i].ctr, jobs[i].nonce, 8);
        else if (bb == 4) memcpy(lanes[i].ctr, jobs[i].nonce, 4);
        else memcpy(lanes[i].ctr, jobs[i].nonce, bb);
        lanes[i].ks = jobs[i].key->ks;
        lanes[i].in = jobs[i].in;
        lanes[i].out = jobs[i].out;
        lanes[i].len = jobs[i].len;
        lanes[i].pre = NULL;
        jobs[i].status = ARX_OK;
    }
    many_keystream(be, jobs, lanes, n, 0, NULL, NULL);
    /* lanes holds pointers and the callers' counter blocks: nothing secret */
}

/*
 * CMAC (SP 800-38B) per message in lanes: L = E(0) once per distinct key of
 * the chunk, K1 and K2 from it; each message's last block (complete: XOR K1;
 * partial or empty: padded 10*, XOR K2) laid out apart. Pass 1 runs every
 * message's blocks before its last as CBC-MAC from X = 0 (ctr_many's
 * ARX_MANY_CBC, groups of similar length as for CTR), pass 2 the laid-out
 * last blocks from each X: T. The one-message CMAC encrypts one block per
 * kernel call; here each call runs a block of every lane. Not inlined: its
 * scratch stays out of many_lanes' frame (inlined, GCC 12 -O2 took
 * many_gcm_lanes' secret[] for maybe uninitialised, -Wmaybe-uninitialized).
 */
MANY_NOINLINE static int many_cmac_lanes(const arx_backend *be, arx_job *jobs, size_t n, int verify) {
    arx_many_lane lanes[MANY_CHUNK];
    const arx_many_lane *grp[ARX_MANY_MAX_LANES];
    uint8_t last[MANY_CHUNK][16], x[MANY_CHUNK][16], l_[MANY_CHUNK][16], sub[16];
    const arx_key *lkey[MANY_CHUNK];
    unsigned char idx[MANY_CHUNK];
    arx_many_sched sc;
    sc.n = sc.used = 0;
    const size_t bb = jobs[0].key->desc->block_bytes, L = be->many_lanes;
    static const uint8_t zero[16];
    size_t nk = 0;
    int rc = ARX_OK;
    memset(last, 0, n * 16);
    for (size_t i = 0; i < n; i++) {
        const arx_job *j = &jobs[i];
        size_t k = 0;
        while (k < nk && lkey[k] != j->key) k++; /* key addresses: public */
        if (k == nk) {
            lkey[nk] = j->key;
            arx_encrypt_blocks(j->key, l_[nk++], zero, 1);
        }
        memset(lanes[i].ctr, 0, 16);
        lanes[i].ks = j->key->ks;
        lanes[i].in = j->in;
        lanes[i].out = NULL;
        memcpy(sub, l_[k], bb);
        lanes[i].len = arx_cmac_last(sub, j->in, j->len, bb, last[i]);
        lanes[i].pre = x[i];
    }
    many_sort(jobs, idx, n);
    for (int pass = 0; pass < 2; pass++) {
        for (size_t g0 = 0; g0 < n; g0 += L) {
            const size_t g = n - g0 < L ? n - g0 : L;
            for (size_t i = 0; i < g; i++) grp[i] = &lanes[idx[g0 + i]];
            be->ctr_many(&sc, grp, g, (size_t)-1, ARX_MANY_CBC);
        }
        for (size_t i = 0; pass == 0 && i < n; i++) { /* pass 2: the last blocks from X */
            memcpy(lanes[i].ctr, x[i], 16);
            lanes[i].in = last[i];
            lanes[i].len = bb;
        }
    }
    for (size_t i = 0; i < n; i++) {
        arx_job *j = &jobs[i];
        if (!verify) {
            memcpy(j->tag, x[i], j->tag_len);
            j->status = ARX_OK;
        } else {
            j->status = arx_ct_equal(x[i], j->tag, j->tag_len) ? ARX_OK : ARX_ERR_AUTH;
            if (j->status) rc = ARX_ERR_AUTH;
        }
        arx_wipe(lanes[i].ctr, 16);
    }
    arx_wipe(sc.rk, sc.used);
    arx_wipe(last, n * 16);
    arx_wipe(x, n * 16);
    arx_wipe(l_, nk * 16);
    arx_wipe(sub, sizeof sub);
    return rc;
}

/*
 * CCM (SP 800-38C) per message in lanes, a group of be->many_lanes messages
 * of similar length at a time (sorted as for CTR): CBC-MAC over B =
 * B0 || [encoded a || A, zero-padded] || [P, zero-padded] with ctr_many's
 * ARX_MANY_CBC (one block of every message per step), B laid out per lane
 * in a window of MANY_CCM_WIN bytes and absorbed a window at a time; the
 * keystream with ARX_MANY_PRE from Ctr0 (E(Ctr0), which masks the tag, into
 * pre; the data from Ctr1 on; CCM's counter field never carries for the
 * lengths accepted, so the whole-block counter is CCM's). Encrypting, the
 * MAC reads the plaintext before the keystream overwrites it (in place);
 * decrypting, the keystream runs first and the MAC reads the plaintext from
 * out. Each group's keys are transposed once for its MAC and keystream
 * calls. A message whose tag fails has its output zeroed.
 */
#define MANY_CCM_WIN 512
/* Twice a lane step's cost in one-message CBC-MAC blocks, by lane count. */
#define MANY_CCM_STEP(lanes) ((lanes) >= 16 ? 6u : 3u)

/* What of B one lane lays out: its pieces' offsets in B. */
typedef struct {
    uint8_t b0[16], enc[10];
    size_t ne, hb, total; /* enc's length; B0 and the padded AAD; all of B */
} many_ccm_fmt;

/* dst[0..end-off) = B[off..end): the part of B's piece [at, at + n) that
 * falls there, copied from src (NULL: zeros). */
static void many_ccm_piece(uint8_t *dst, size_t off, size_t end, size_t at, const uint8_t *src, size_t n) {
    const size_t a = at > off ? at : off, b = at + n < end ? at + n : end;
    if (a >= b) return;
    if (src) memcpy(dst + (a - off), src + (a - at), b - a);
    else memset(dst + (a - off), 0, b - a);
}

MANY_NOINLINE static int many_ccm_lanes(const arx_backend *be, arx_job *jobs, size_t n, int dec) {
    arx_many_lane mac[ARX_MANY_MAX_LANES], ks[ARX_MANY_MAX_LANES];
    const arx_many_lane *gm[ARX_MANY_MAX_LANES], *gk[ARX_MANY_MAX_LANES];
    _Alignas(64) uint8_t win[ARX_MANY_MAX_LANES][MANY_CCM_WIN];
    uint8_t x[ARX_MANY_MAX_LANES][16], s0[ARX_MANY_MAX_LANES][16];
    many_ccm_fmt fmt[ARX_MANY_MAX_LANES];
    const many_ccm_fmt *f[ARX_MANY_MAX_LANES];
    arx_job *jl[ARX_MANY_MAX_LANES];
    size_t wused[ARX_MANY_MAX_LANES] = {0};
    unsigned char idx[MANY_CHUNK];
    arx_many_sched sc;
    sc.n = sc.used = 0;
    const size_t L = be->many_lanes;
    int rc = ARX_OK;
    many_sort(jobs, idx, n);
    for (size_t g0 = 0; g0 < n; g0 += L) {
        size_t g = n - g0 < L ? n - g0 : L;
        /* B of each, the group ordered by its length (insertion sort,
         * stable; lengths are public) */
        for (size_t l = 0; l < g; l++) {
            arx_job *j = &jobs[idx[g0 + l]];
            many_ccm_fmt *fl = &fmt[l];
            fl->ne = arx_ccm_format(j->nonce, j->nonce_len, j->aad_len, j->len, j->tag_len, fl->b0, fl->enc);
            fl->hb = 16 + (j->aad_len ? (fl->ne + j->aad_len + 15) / 16 * 16 : 0);
            fl->total = fl->hb + (j->len + 15) / 16 * 16;
            size_t i = l;
            for (; i && f[i - 1]->total > fl->total; i--) {
                f[i] = f[i - 1];
                jl[i] = jl[i - 1];
            }
            f[i] = fl;
            jl[i] = j;
        }
        /* A lane step costs about MANY_CCM_STEP(L) / 2 blocks of the
         * one-message CBC-MAC (Zen 4: 2.6-2.8 on AVX-512's 16 lanes, 1.5-1.7
         * on AVX2's 8), and the group runs as many steps as its longest B
         * has blocks: its k longest messages go alone when that costs less
         * (a message far longer than the rest, or a group of one or two). */
        size_t k = 0, best = MANY_CCM_STEP(L) * (f[g - 1]->total / 16), alone = 0;
        for (size_t t = 1; t <= g; t++) {
            alone += 2 * (f[g - t]->total / 16 + 2); /* its blocks and ~2 of set-up */
            const size_t cost = (t < g ? MANY_CCM_STEP(L) * (f[g - 1 - t]->total / 16) : 0) + alone;
            if (cost < best) {
                best = cost;
                k = t;
            }
        }
        for (; k; k--) {
            arx_job *j = jl[--g];
            j->status = many_one(dec ? M_CCM_DEC : M_CCM_ENC, j);
            if (j->status) rc = j->status;
        }
        if (!g) continue;
        const size_t total = f[g - 1]->total;
        for (size_t l = 0; l < g; l++) {
            const arx_job *j = jl[l];
            memset(mac[l].ctr, 0, 16); /* X = 0: Y_0 = E(B_0) */
            mac[l].ks = ks[l].ks = j->key->ks;
            mac[l].in = win[l];
            mac[l].out = NULL;
            mac[l].pre = x[l];
            arx_ccm_ctr0(j->nonce, j->nonce_len, ks[l].ctr);
            ks[l].in = j->in;
            ks[l].out = j->out;
            ks[l].len = j->len;
            ks[l].pre = s0[l];
            gm[l] = &mac[l];
            gk[l] = &ks[l];
        }
        if (dec) be->ctr_many(&sc, gk, g, (size_t)-1, ARX_MANY_PRE);
        for (size_t off = 0; off < total; off += MANY_CCM_WIN) {
            const size_t end = off + MANY_CCM_WIN;
            for (size_t l = 0; l < g; l++) {
                const arx_job *j = jl[l];
                const many_ccm_fmt *fl = f[l];
                if (off) memcpy(mac[l].ctr, x[l], 16); /* X from the last window */
                const size_t e = fl->total < end ? fl->total : end, a0 = 16 + fl->ne + j->aad_len;
                mac[l].len = e > off ? e - off : 0;
                if (!mac[l].len) continue;
                if (mac[l].len > wused[l]) wused[l] = mac[l].len;
                uint8_t *w = win[l];
                const uint8_t *p = dec ? j->out : j->in;
                if (fl->total <= MANY_CCM_WIN) { /* all of B in one window: the common case */
                    memcpy(w, fl->b0, 16);
                    if (j->aad_len) {
                        memset(w + fl->hb - 16, 0, 16); /* the padding, then what overlaps it */
                        memcpy(w + 16, fl->enc, fl->ne);
                        memcpy(w + 16 + fl->ne, j->aad, j->aad_len);
                    }
                    if (j->len) {
                        memset(w + fl->total - 16, 0, 16);
                        memcpy(w + fl->hb, p, j->len);
                    }
                    continue;
                }
                many_ccm_piece(w, off, e, 0, fl->b0, 16);
                if (j->aad_len) {
                    many_ccm_piece(w, off, e, 16, fl->enc, fl->ne);
                    many_ccm_piece(w, off, e, 16 + fl->ne, j->aad, j->aad_len);
                    many_ccm_piece(w, off, e, a0, NULL, fl->hb - a0);
                }
                many_ccm_piece(w, off, e, fl->hb, p, j->len);
                many_ccm_piece(w, off, e, fl->hb + j->len, NULL, fl->total - fl->hb - j->len);
            }
            be->ctr_many(&sc, gm, g, (size_t)-1, ARX_MANY_CBC);
        }
        if (!dec) be->ctr_many(&sc, gk, g, (size_t)-1, ARX_MANY_PRE);
        for (size_t l = 0; l < g; l++) {
            arx_job *j = jl[l];
            arx_xor(x[l], x[l], s0[l], 16); /* T = MSB_t(Y_r) xor MSB_t(S_0) */
            if (many_tag(j, x[l], dec)) rc = ARX_ERR_AUTH;
        }
    }
    arx_wipe(sc.rk, sc.used);
    for (size_t l = 0; l < L; l++) {
        arx_wipe(win[l], wused[l]);
        arx_wipe(mac[l].ctr, 16);
    }
    arx_wipe(x, sizeof x);
    arx_wipe(s0, sizeof s0);
    return rc;
}

#endif /* MANY_LANE_PATH */

/* ---- the calls ----------------------------------------------------------- */

#if MANY_LANE_PATH
/*
 * Messages from this length on run through the one-message function even on
 * a lane backend: its kernels (four 16-block batches interleaved, GCM's
 * stitched CTR + GHASH) are then at full speed and beat the lanes. Measured
 * on Zen 4, LEA-128, 64 jobs under 16 keys, TSC cycles/byte lanes / one by
 * one: CTR 384 B 0.62 / 0.72, 512 B 0.62 / 0.60, 1 KiB 0.58 / 0.48; GCM
 * (GHASH four messages per zmm up to 128 blocks) 1 KiB 0.73 / 0.87. The
 * AVX2 backend's one-message GCM is stitched too (lea_gcm_avx2clmul.c); with
 * GHASH two messages per ymm the lanes still win up to 1.5 KiB: 512 B 1.09 /
 * 1.39, 768 B 1.03 / 1.32, 1 KiB 1.09 / 1.10, 1280 B 1.06 / 1.13, 1520 B
 * 1.04 / 1.13 (before, one message at a time through PCLMULQDQ, they lost
 * from 512 B on and the AVX2 limit was 512). With the whole-vector stores
 * (2026-11-26, same setup, lanes / one by one) GCM stays ahead to 2000 B:
 * AVX-512 1536 B 0.70 / 0.72, 1792 B 0.69 / 0.72, 2000 B 0.69-0.71 /
 * 0.76-0.78 (SPECK-, SIMON-, CHAM-, SPARX-128 1.16-1.57x); AVX2 LEA 1536 B
 * 0.99x, 2000 B 1.05x (the others 0.99-1.14x): GCM messages under 2 KiB run
 * in lanes (the four-message GHASH takes up to 128 blocks). CTR was left at
 * 512: LEA's lanes win by 2-5% at 512 and 768 B on AVX-512 but lose 4% at
 * 768 B on AVX2 and 13% at 1 KiB, and SPECK, CHAM and SPARX-128 lose
 * already at 256 B. Kernels of 4 lanes (SPECK and
 * SIMON on AVX2, LEA on NEON, whose GHASH runs one message at a time) keep
 * 512 bytes: NEON has no figures (qemu only).
 */
#define MANY_LONG_CTR 512
/* 64-bit blocks (CTR only): the one-message kernels' 16-block batches fill
 * at 128 bytes, and from 256 bytes on they beat the lanes on SPECK-64, CHAM-64
 * and SPARX-64 (same setup, AVX-512, lanes / one by one: SPECK-64/128 256 B
 * 0.79 / 0.65, CHAM-64/128 0.90 / 0.76, SPARX-64/128 0.76 / 0.67; at 192 B
 * 0.76 / 1.04, 0.95 / 1.97; SIMON-64 and SIMECK-64 about even at 256). */
#define MANY_LONG_CTR64 256
/* HIGHT's lanes (64-bit blocks too), same setup, lanes / one by one:
 * AVX-512 192 B 1.13 / 1.43, 256 B 1.02 / 1.04, 384 B 1.01 / 0.70; AVX2
 * 192 B 1.75 / 1.86, 256 B 1.70 / 1.24 (at 300 B both 1.6x faster in lanes:
 * the one-message kernels' tail past whole 64- or 32-block batches). */
/* 32-bit blocks (SIMECK-32/64, CTR): the one-message kernel is fast on whole
 * 64-block batches (256 bytes) and slow on the tail past them, the lanes
 * flat (AVX-512 0.8-0.95 cpb, AVX2 1.25-1.5 from 160 B on). Lanes / one by
 * one, AVX-512: 224 B 0.84 / 1.83, 256 B 0.91 / 0.67, 300 B 0.95 / 2.24,
 * 384 B 0.80 / 0.61, 512 B 0.78 / 0.52; AVX2: 224 B 1.32 / 1.77, 256 B 1.33 /
 * 1.18, 300 B 1.46 / 2.60, 384 B 1.26 / 1.20. Alone from 384 bytes on, and
 * at 256 (the x86 backends' many_ctr_from / _step, twoword_simd.h; SPECK-32
 * and SIMON-32 lose there too: AVX-512 0.69 / 0.50 and 0.90 / 0.83, AVX2
 * 1.09 / 0.83 and 1.57 / 1.32). */
#define MANY_LONG_CTR32 384
/* 48- and 96-bit blocks (SPECK, SIMON, SIMECK-48 and -96, CTR): their
 * backends' one-message kernels are the reference's, a block at a time,
 * which the lanes beat at every length (docs/PERFORMANCE.md): no message
 * goes alone by its length (the groups' caps still hand a message far
 * longer than the rest of its group to it). */
#define MANY_LONG_CTR_LANES_ONLY SIZE_MAX
/* CMAC: the one-message code runs a block per kernel call at any length,
 * the lanes a block of every message; only a message far longer than the
 * rest of its group would leave lanes idle (groups are sorted by length). */
#define MANY_LONG_CMAC 4096
/* CCM: no length sends a message alone by itself: the one-message code's
 * CBC-MAC runs a block per kernel call at any length, and the lanes beat it
 * on equal lengths from 16 bytes to 64 KiB (Zen 4, LEA-128 and CHAM-128,
 * 64 messages under 16 keys: 3.5-11x at 4, 16 and 64 KiB). What runs alone
 * is decided per group in many_ccm_lanes, by B's length against the rest of
 * its group's (a message far longer than the others, AAD included). */
#define MANY_LONG_CCM SIZE_MAX
#define MANY_LONG_GCM 2048
#define MANY_LONG_GCM_4LANES 512

/* Below MANY_LONG_CTR, 128-bit blocks: the one-message counter kernels are
 * fast only on whole batches (16 blocks, 8 for some) and slow on the tail
 * past them, the lanes flat; so where they beat the lanes it is at whole
 * batches alone: a backend's many_ctr_from and many_ctr_step (cipher.h) send
 * those lengths alone. Zen 4, 64 jobs under 16 keys, speedup lanes / one by
 * one (docs/PERFORMANCE.md): AVX-512 CHAM-128 256 B 0.95-0.97x (384 B
 * 1.22x, 272-496 B 1.5-1.9x: cham_avx512.c, 256 and 256), SPECK-128 256 B
 * 0.97-1.03x in one run, 0.97-1.00x in another, 384 B 0.92-0.95x (448 B
 * 1.09-1.13x: speck_avx512.c, 256 and 128); AVX2 LEA-128 384 B 0.96-0.98x
 * (256 B 1.14-1.20x, 448 B 1.15x: lea_avx2.c, 384 and 128), CHAM-128 256 B
 * 0.97-0.99x, 384 B 0.98-0.99x (320 B 1.27x, 448 B 1.2x: cham_avx2.c, 256
 * and 128), SPARX-128 256 B 0.94-0.95x (384 B 1.26x: sparx_avx2.c, 256 and
 * 256). The rest (LEA and SPARX on AVX-512, SIMON, SPECK on AVX2) win or
 * are even at every length under 512. */

/* The lane path over the chunk's short jobs; the long ones one by one. Not
 * inlined: its scratch stays out of the one-message path's frame. */
MANY_NOINLINE static int many_lanes(many_op op, const arx_backend *be, arx_job *chunk, size_t m) {
    const size_t lim = op == M_CMAC || op == M_CMAC_VERIFY ? MANY_LONG_CMAC
                       : op == M_CCM_ENC || op == M_CCM_DEC ? MANY_LONG_CCM
                       : op == M_CTR ? (chunk[0].key->desc->block_bytes == 16  ? MANY_LONG_CTR
                                    : chunk[0].key->desc->block_bytes == 8 ? MANY_LONG_CTR64
                                    : chunk[0].key->desc->block_bytes == 4 ? MANY_LONG_CTR32
                                                                           : MANY_LONG_CTR_LANES_ONLY)
                       : be->many_lanes < 8 ? MANY_LONG_GCM_4LANES
                                            : MANY_LONG_GCM;
    size_t from = lim, step = 1; /* alone also when len >= from && len % step == 0 */
    if (op == M_CTR && chunk[0].key->desc->block_bytes != 8 && be->many_ctr_from) {
        from = be->many_ctr_from;
        step = be->many_ctr_step;
    }
    arx_job sub[MANY_CHUNK];
    unsigned char at[MANY_CHUNK];
    size_t k = 0;
    int rc = ARX_OK;
    for (size_t i = 0; i < m; i++) {
        if (chunk[i].len >= lim || (chunk[i].len >= from && chunk[i].len % step == 0)) {
            chunk[i].status = many_one(op, &chunk[i]);
            if (chunk[i].status) rc = chunk[i].status;
        } else {
            at[k++] = (unsigned char)i;
        }
    }
    arx_job *jobs = chunk;
    if (k < m) { /* some went alone: the rest, gathered */
        for (size_t i = 0; i < k; i++) sub[i] = chunk[at[i]];
        jobs = sub;
    }
    if (k && op == M_CTR) many_ctr_lanes(be, jobs, k);
    else if (k && (op == M_CMAC || op == M_CMAC_VERIFY)) {
        if (many_cmac_lanes(be, jobs, k, op == M_CMAC_VERIFY)) rc = ARX_ERR_AUTH;
    } else if (k && (op == M_CCM_ENC || op == M_CCM_DEC)) {
        if (many_ccm_lanes(be, jobs, k, op == M_CCM_DEC)) rc = ARX_ERR_AUTH;
    } else if (k && many_gcm_lanes(be, jobs, k, op == M_GCM_DEC)) rc = ARX_ERR_AUTH;
    if (jobs == sub)
        for (size_t i = 0; i < k; i++) chunk[at[i]].status = sub[i].status;
    return rc;
}
#endif /* MANY_LANE_PATH */

static int many_run(many_op op, arx_job *jobs, size_t n) {
    int rc = many_check(op, jobs, n);
    if (rc) return rc;
    for (size_t c0 = 0; c0 < n; c0 += MANY_CHUNK) {
        arx_job *chunk = jobs + c0;
        const size_t m = n - c0 < MANY_CHUNK ? n - c0 : MANY_CHUNK;
#if MANY_LANE_PATH
        const arx_backend *be = many_backend(op, chunk, m);
#else
        const arx_backend *be = NULL;
#endif
        if (be) {
#if MANY_LANE_PATH
            if (many_lanes(op, be, chunk, m)) rc = ARX_ERR_AUTH;
#endif
        } else {
            for (size_t i = 0; i < m; i++) {
                chunk[i].status = many_one(op, &chunk[i]);
                if (chunk[i].status) rc = chunk[i].status; /* only ARX_ERR_AUTH after the checks */
            }
        }
    }
    return rc;
}

int arx_gcm_encrypt_many(arx_job *jobs, size_t n) { return many_run(M_GCM_ENC, jobs, n); }
int arx_gcm_decrypt_many(arx_job *jobs, size_t n) { return many_run(M_GCM_DEC, jobs, n); }
int arx_ctr_xor_many(arx_job *jobs, size_t n) { return many_run(M_CTR, jobs, n); }
int arx_cmac_many(arx_job *jobs, size_t n) { return many_run(M_CMAC, jobs, n); }
int arx_cmac_verify_many(arx_job *jobs, size_t n) { return many_run(M_CMAC_VERIFY, jobs, n); }
int arx_ccm_encrypt_many(arx_job *jobs, size_t n) { return many_run(M_CCM_ENC, jobs, n); }
int arx_ccm_decrypt_many(arx_job *jobs, size_t n) { return many_run(M_CCM_DEC, jobs, n); }
