/*
 * Round keys for the CUDA kernels, computed on the host by the library's own
 * key schedules (the descriptors' setup functions), then flattened into the
 * layout of arxcu_sched.h. Reusing the library's setup means the GPU can never
 * disagree with the CPU about a key schedule; test_cuda_host checks the
 * flattening through the block functions.
 */
#include <stdlib.h>
#include <string.h>

#include "arxcrypt.h"
#include "arxcrypt_cuda.h"
#include "cipher.h"
#include "ciphers/cham/cham.h"
#include "ciphers/hight/hight.h"
#include "ciphers/lea/lea.h"
#include "ciphers/simon/simon.h"
#include "ciphers/sparx/sparx.h"
#include "ciphers/speck/speck.h"
#include "internal.h"
#include "arxcu_sched.h"

static const struct {
    const char *name;
    const arx_cipher_desc *desc;
} kinds[ARXCU_KIND_COUNT] = {
    [ARXCU_LEA128] = {"lea-128", &arx_desc_lea_128},
    [ARXCU_LEA192] = {"lea-192", &arx_desc_lea_192},
    [ARXCU_LEA256] = {"lea-256", &arx_desc_lea_256},
    [ARXCU_CHAM64_88] = {"cham-64-128", &arx_desc_cham_64_128},
    [ARXCU_CHAM64_80] = {"cham-64-128-legacy", &arx_desc_cham_64_128_legacy},
    [ARXCU_CHAM128_112] = {"cham-128-128", &arx_desc_cham_128_128},
    [ARXCU_CHAM128_80] = {"cham-128-128-legacy", &arx_desc_cham_128_128_legacy},
    [ARXCU_CHAM128_120] = {"cham-128-256", &arx_desc_cham_128_256},
    [ARXCU_CHAM128_96] = {"cham-128-256-legacy", &arx_desc_cham_128_256_legacy},
    [ARXCU_HIGHT] = {"hight", &arx_desc_hight},
    [ARXCU_SPECK64_27] = {"speck-64-128", &arx_desc_speck_64_128},
    [ARXCU_SPECK128_32] = {"speck-128-128", &arx_desc_speck_128_128},
    [ARXCU_SPECK128_33] = {"speck-128-192", &arx_desc_speck_128_192},
    [ARXCU_SPECK128_34] = {"speck-128-256", &arx_desc_speck_128_256},
    [ARXCU_SIMON64_44] = {"simon-64-128", &arx_desc_simon_64_128},
    [ARXCU_SIMON128_68] = {"simon-128-128", &arx_desc_simon_128_128},
    [ARXCU_SIMON128_69] = {"simon-128-192", &arx_desc_simon_128_192},
    [ARXCU_SIMON128_72] = {"simon-128-256", &arx_desc_simon_128_256},
    [ARXCU_SPARX64] = {"sparx-64-128", &arx_desc_sparx_64_128},
    [ARXCU_SPARX128_8] = {"sparx-128-128", &arx_desc_sparx_128_128},
    [ARXCU_SPARX128_10] = {"sparx-128-256", &arx_desc_sparx_128_256},
};

int arxcu_kind_of(const char *name, arxcu_kind *kind, unsigned *block_bytes) {
    if (!name) return ARX_ERR_NULL;
    for (int i = 0; i < ARXCU_KIND_COUNT; i++)
        if (!strcmp(kinds[i].name, name)) {
            if (kind) *kind = (arxcu_kind)i;
            if (block_bytes) *block_bytes = kinds[i].desc->block_bytes;
            return ARX_OK;
        }
    return arx_cipher_by_name(name) ? ARXCU_ERR_UNSUPPORTED : ARX_ERR_UNKNOWN_CIPHER;
}

const char *arxcu_kind_name(arxcu_kind kind) {
    return (unsigned)kind < ARXCU_KIND_COUNT ? kinds[kind].name : NULL;
}

int arxcu_sched_build(arxcu_kind kind, const uint8_t *key, size_t key_len, arxcu_sched *out) {
    if ((unsigned)kind >= ARXCU_KIND_COUNT) return ARXCU_ERR_UNSUPPORTED;
    if (!key || !out) return ARX_ERR_NULL;
    const arx_cipher_desc *d = kinds[kind].desc;
    if (key_len != d->key_bytes) return ARX_ERR_KEY_LENGTH;
    /* The setups assume a 64-byte-aligned schedule (cipher.h). */
    size_t sz = (d->ks_bytes + 63) & ~(size_t)63;
    void *ks = aligned_alloc(64, sz);
    if (!ks) return ARX_ERR_NOMEM;
    memset(ks, 0, sz);
    d->setup(ks, key);
    uint32_t *w = out->w;
    memset(out, 0, sizeof *out);
    switch (kind) {
    case ARXCU_LEA128: case ARXCU_LEA192: case ARXCU_LEA256: {
        const lea_ks *k = ks;
        for (unsigned i = 0; i < k->rounds; i++)
            for (unsigned j = 0; j < 6; j++) w[6 * i + j] = k->rk[i][j];
        break;
    }
    case ARXCU_CHAM64_88: case ARXCU_CHAM64_80: {
        const cham64_ks *k = ks;
        for (unsigned i = 0; i < 16; i++) w[i] = k->rk[i];
        break;
    }
    case ARXCU_CHAM128_112: case ARXCU_CHAM128_80: case ARXCU_CHAM128_120: case ARXCU_CHAM128_96: {
        const cham128_ks *k = ks;
        for (unsigned i = 0; i < 16; i++) w[i] = k->rk[i & k->rk_mask];
        break;
    }
    case ARXCU_HIGHT: {
        const hight_ks *k = ks;
        w[0] = arx_load32_le(k->wk);
        w[1] = arx_load32_le(k->wk + 4);
        for (unsigned i = 0; i < 32; i++) w[2 + i] = arx_load32_le(k->sk + 4 * i);
        break;
    }
    case ARXCU_SPECK64_27: {
        const speck_ks32 *k = ks;
        for (unsigned i = 0; i < k->rounds; i++) w[i] = k->rk[i];
        break;
    }
    case ARXCU_SPECK128_32: case ARXCU_SPECK128_33: case ARXCU_SPECK128_34: {
        const speck_ks64 *k = ks;
        for (unsigned i = 0; i < k->rounds; i++) {
            w[2 * i] = (uint32_t)k->rk[i];
            w[2 * i + 1] = (uint32_t)(k->rk[i] >> 32);
        }
        break;
    }
    case ARXCU_SIMON64_44: {
        const simon_ks32 *k = ks;
        for (unsigned i = 0; i < k->rounds; i++) w[i] = k->rk[i];
        break;
    }
    case ARXCU_SIMON128_68: case ARXCU_SIMON128_69: case ARXCU_SIMON128_72: {
        const simon_ks64 *k = ks;
        for (unsigned i = 0; i < k->rounds; i++) {
            w[2 * i] = (uint32_t)k->rk[i];
            w[2 * i + 1] = (uint32_t)(k->rk[i] >> 32);
        }
        break;
    }
    case ARXCU_SPARX64: case ARXCU_SPARX128_8: case ARXCU_SPARX128_10: {
        const sparx_ks *k = ks;
        for (unsigned r = 0; r < SPARX_MAX_ROWS; r++)
            for (unsigned j = 0; j < 4; j++)
                w[4 * r + j] = (uint32_t)k->rk[r][2 * j] | (uint32_t)k->rk[r][2 * j + 1] << 16;
        break;
    }
    default: break;
    }
    arx_wipe(ks, sz);
    free(ks);
    return ARX_OK;
}
