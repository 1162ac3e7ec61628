/* ECB: the kernels straight, whole blocks only. */
#include "../par.h"

typedef struct {
    const arx_key *k;
    arx_par_plan plan;
    uint8_t *out;
    const uint8_t *in;
    size_t nblocks;
    int decrypt;
} ecb_job;

static void ecb_share(void *ctx, unsigned i) {
    const ecb_job *j = ctx;
    const size_t bb = j->k->desc->block_bytes, first = arx_par_first(&j->plan, i);
    const size_t n = arx_par_count(&j->plan, j->nblocks, i);
    if (j->decrypt) arx_decrypt_blocks(j->k, j->out + first * bb, j->in + first * bb, n);
    else arx_encrypt_blocks(j->k, j->out + first * bb, j->in + first * bb, n);
}

static void ecb_run(const arx_key *k, uint8_t *out, const uint8_t *in, size_t nblocks, int decrypt) {
    ecb_job j = {k, arx_par_split(k, nblocks, k->desc->block_bytes), out, in, nblocks, decrypt};
    arx_par_run(&j.plan, ecb_share, &j);
}

static int ecb_check(const arx_key *k, uint8_t *out, const uint8_t *in, size_t len) {
    if (!k) return ARX_ERR_NULL;
    int rc = arx_check_io(out, in, len);
    if (rc) return rc;
    return (len % k->desc->block_bytes) ? ARX_ERR_LENGTH : ARX_OK;
}

int arx_ecb_encrypt(const arx_key *k, uint8_t *out, const uint8_t *in, size_t len) {
    int rc = ecb_check(k, out, in, len);
    if (rc) return rc;
    ecb_run(k, out, in, len / k->desc->block_bytes, 0);
    return ARX_OK;
}

int arx_ecb_decrypt(const arx_key *k, uint8_t *out, const uint8_t *in, size_t len) {
    int rc = ecb_check(k, out, in, len);
    if (rc) return rc;
    ecb_run(k, out, in, len / k->desc->block_bytes, 1);
    return ARX_OK;
}
