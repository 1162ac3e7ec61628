/*
 * The flat key schedule the CUDA kernels read, shared by the C exporter
 * (keys.c, which runs the library's own family setup functions) and the CUDA
 * code (arxcrypt_cuda.cu, blocks/ *.cuh). Plain C: no CUDA types here.
 *
 * Every schedule is an array of 32-bit words whose layout depends on the
 * family (the block headers under blocks/ read it):
 *   LEA       w[6 i + j] = RK_i[j], 24/28/32 rounds
 *   CHAM-64   w[i] = RK[i] (16-bit), i < 16
 *   CHAM-128  w[i] = RK[i mod 2k/w], i < 16 (CHAM-128/128's 8 keys twice)
 *   HIGHT     w[0] = WK0..3, w[1] = WK4..7, w[2 + i] = SK_{4i..4i+3} (bytes, little-endian)
 *   SPECK/SIMON 64   w[i] = k_i;   128: w[2i] = low half of k_i, w[2i+1] = high half
 *   SPARX     w[4 r + j] = rk[r][2j] | rk[r][2j+1] << 16 (41 rows of eight 16-bit keys)
 */
#ifndef ARXCU_SCHED_H
#define ARXCU_SCHED_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One kernel family per variant with a GPU kernel; the round count is part
 * of the kind so the kernels unroll every round with constant key offsets. */
typedef enum arxcu_kind {
    ARXCU_LEA128, ARXCU_LEA192, ARXCU_LEA256,
    ARXCU_CHAM64_88, ARXCU_CHAM64_80,     /* cham-64-128, -legacy */
    ARXCU_CHAM128_112, ARXCU_CHAM128_80,  /* cham-128-128, -legacy */
    ARXCU_CHAM128_120, ARXCU_CHAM128_96,  /* cham-128-256, -legacy */
    ARXCU_HIGHT,
    ARXCU_SPECK64_27,                     /* speck-64-128 */
    ARXCU_SPECK128_32, ARXCU_SPECK128_33, ARXCU_SPECK128_34,
    ARXCU_SIMON64_44,                     /* simon-64-128 */
    ARXCU_SIMON128_68, ARXCU_SIMON128_69, ARXCU_SIMON128_72,
    ARXCU_SPARX64, ARXCU_SPARX128_8, ARXCU_SPARX128_10,
    ARXCU_KIND_COUNT
} arxcu_kind;

#define ARXCU_SCHED_WORDS 192 /* LEA-256: 32 rounds x 6 words, the largest */

typedef struct arxcu_sched {
    uint32_t w[ARXCU_SCHED_WORDS];
} arxcu_sched;

/*
 * Look up a cipher by its library name ("lea-128", "cham-64-128-legacy"...):
 * ARX_OK with *kind and *block_bytes set, ARX_ERR_UNKNOWN_CIPHER for a name
 * the library does not know, ARXCU_ERR_UNSUPPORTED for one without a GPU kernel.
 */
int arxcu_kind_of(const char *name, arxcu_kind *kind, unsigned *block_bytes);

/* The library name of a kind ("lea-128"). */
const char *arxcu_kind_name(arxcu_kind kind);

/*
 * Expand `key` with the library's own setup for the cipher of `kind` and
 * write the flat schedule. key_len must be the cipher's key size
 * (ARX_ERR_KEY_LENGTH). Every temporary is wiped.
 */
int arxcu_sched_build(arxcu_kind kind, const uint8_t *key, size_t key_len, arxcu_sched *out);

#ifdef __cplusplus
}
#endif

#endif
