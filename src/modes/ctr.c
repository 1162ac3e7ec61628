/*
 * CTR (NIST SP 800-38A, 6.5): the whole block is one big-endian counter,
 * incremented per block modulo 2^blockbits. arx_ctr_blocks is the keystream
 * engine GCM and CCM reuse.
 */
#include "../par.h"

void arx_ctr_blocks(const arx_key *k, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    if (!nblocks) return; /* out and in may be NULL (see arx_encrypt_blocks) */
    if (k->be->ctr_xor) {
        k->be->ctr_xor(k->ks, ctr, out, in, nblocks);
        return;
    }
    /* Generic path: lay counters out in a chunk, encrypt the chunk with the
     * wide kernel, XOR. The keystream is wiped before returning. */
    const size_t bb = k->desc->block_bytes;
    const size_t per = ARX_CHUNK_BYTES / bb;
    const size_t used = (nblocks < per ? nblocks : per) * bb; /* to wipe */
    uint8_t buf[ARX_CHUNK_BYTES];
    while (nblocks) {
        size_t m = nblocks < per ? nblocks : per;
        for (size_t i = 0; i < m; i++) {
            memcpy(buf + i * bb, ctr, bb);
            arx_ctr_inc(ctr, bb);
        }
        arx_encrypt_blocks(k, buf, buf, m);
        arx_xor(out, in, buf, m * bb);
        in += m * bb;
        out += m * bb;
        nblocks -= m;
    }
    arx_wipe(buf, used);
}

/* arx_ctr_blocks over the key's threads: share i starts at ctr + first. */
typedef struct {
    const arx_key *k;
    arx_par_plan plan;
    const uint8_t *ctr;
    uint8_t *out;
    const uint8_t *in;
    size_t nblocks;
} ctr_job;

static void ctr_share(void *ctx, unsigned i) {
    const ctr_job *j = ctx;
    const size_t bb = j->k->desc->block_bytes, first = arx_par_first(&j->plan, i);
    uint8_t c[ARX_MAX_BLOCK];
    memcpy(c, j->ctr, bb);
    arx_ctr_add(c, bb, first);
    arx_ctr_blocks(j->k, c, j->out + first * bb, j->in + first * bb, arx_par_count(&j->plan, j->nblocks, i));
}

static void ctr_blocks_par(const arx_key *k, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks) {
    ctr_job j = {k, arx_par_split(k, nblocks, k->desc->block_bytes), ctr, out, in, nblocks};
    if (j.plan.shares <= 1) {
        arx_ctr_blocks(k, ctr, out, in, nblocks);
        return;
    }
    arx_par_run(&j.plan, ctr_share, &j);
    arx_ctr_add(ctr, k->desc->block_bytes, nblocks);
}

struct arx_ctr {
    const arx_key *key;
    uint8_t ctr[ARX_MAX_BLOCK];    /* next counter block */
    uint8_t stream[ARX_MAX_BLOCK]; /* keystream of the block in progress */
    size_t used;                   /* bytes of `stream` consumed; block size when none left */
    void *heap;                    /* arx_ctr_new's allocation; NULL in caller memory */
};
_Static_assert(sizeof(struct arx_ctr) <= ARX_CTR_STORAGE_BYTES, "ARX_CTR_STORAGE_BYTES is public: keep the context within it");

static void ctr_start(arx_ctr *c, const arx_key *k, const uint8_t *iv, size_t iv_len) {
    memset(c, 0, sizeof *c);
    c->key = k;
    memcpy(c->ctr, iv, iv_len);
    c->used = k->desc->block_bytes;
}

int arx_ctr_init(arx_ctr **out, void *mem, size_t mem_size, const arx_key *k, const uint8_t *iv,
                 size_t iv_len) {
    if (!out) return ARX_ERR_NULL;
    *out = NULL;
    if (!k || !mem) return ARX_ERR_NULL;
    int rc = arx_check_iv(k, iv, iv_len);
    if (!rc) rc = arx_check_storage(mem, mem_size, ARX_CTR_STORAGE_BYTES);
    if (rc) return rc;
    memset(mem, 0, ARX_CTR_STORAGE_BYTES); /* all of it is the context's until arx_ctr_free */
    ctr_start(mem, k, iv, iv_len);
    *out = mem;
    return ARX_OK;
}

#ifndef ARX_FREESTANDING
int arx_ctr_new(arx_ctr **out, const arx_key *k, const uint8_t *iv, size_t iv_len) {
    if (!out) return ARX_ERR_NULL;
    *out = NULL;
    if (!k) return ARX_ERR_NULL;
    int rc = arx_check_iv(k, iv, iv_len);
    if (rc) return rc;
    arx_ctr *c = arx_alloc(sizeof *c);
    if (!c) return ARX_ERR_NOMEM;
    ctr_start(c, k, iv, iv_len);
    c->heap = c;
    *out = c;
    return ARX_OK;
}
#endif

int arx_ctr_update(arx_ctr *c, uint8_t *out, const uint8_t *in, size_t len) {
    if (!c) return ARX_ERR_NULL;
    int rc = arx_check_io(out, in, len);
    if (rc || len == 0) return rc;
    const size_t bb = c->key->desc->block_bytes;
    while (len && c->used < bb) { /* finish the block in progress */
        *out++ = (uint8_t)(*in++ ^ c->stream[c->used++]);
        len--;
    }
    size_t full = len / bb;
    ctr_blocks_par(c->key, c->ctr, out, in, full);
    out += full * bb;
    in += full * bb;
    len -= full * bb;
    if (len) { /* start a block and keep the rest of its keystream */
        memset(c->stream, 0, bb);
        arx_ctr_blocks(c->key, c->ctr, c->stream, c->stream, 1);
        arx_xor(out, in, c->stream, len);
        c->used = len;
    }
    return ARX_OK;
}

void arx_ctr_free(arx_ctr *c) {
    if (!c) return;
    void *heap = c->heap;
    arx_wipe(c, heap ? sizeof *c : ARX_CTR_STORAGE_BYTES); /* caller memory: all that init took */
    arx_free(heap);
}

int arx_ctr_xor(const arx_key *k, const uint8_t *iv, size_t iv_len, uint8_t *out,
                const uint8_t *in, size_t len) {
    if (!k) return ARX_ERR_NULL;
    int rc = arx_check_iv(k, iv, iv_len);
    if (!rc) rc = arx_check_io(out, in, len);
    if (rc) return rc;
    const size_t bb = k->desc->block_bytes;
    uint8_t ctr[ARX_MAX_BLOCK], last[ARX_MAX_BLOCK];
    memcpy(ctr, iv, bb);
    size_t full = len / bb, rest = len % bb;
    ctr_blocks_par(k, ctr, out, in, full);
    if (rest) {
        memset(last, 0, bb);
        memcpy(last, in + full * bb, rest);
        arx_ctr_blocks(k, ctr, last, last, 1);
        memcpy(out + full * bb, last, rest);
    }
    arx_wipe(ctr, sizeof ctr);
    arx_wipe(last, sizeof last);
    return ARX_OK;
}
