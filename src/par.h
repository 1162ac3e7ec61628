/*
 * Splitting one bulk operation across threads (src/par.c). A run of blocks
 * is cut into shares of equal size (a multiple of ARX_PAR_ALIGN blocks, the
 * last one shorter); each share runs the same kernels as one thread would, so
 * the output is the same bytes for any thread count. Below ARX_PAR_MIN_BYTES
 * per share, fewer threads are used, down to the calling thread alone, which
 * then runs the one-share path with no OpenMP involved at all.
 */
#ifndef ARX_PAR_H
#define ARX_PAR_H

#include "key.h"

/* Blocks per share are a multiple of this: whole batches of every kernel
 * (64-block HIGHT batches, 48-block stitched GCM groups, 2 KiB chunks). */
#define ARX_PAR_ALIGN 192
/* The least work worth a thread of its own (docs/PERFORMANCE.md, "Threads":
 * where two threads start to pay). A definition on the command line wins,
 * for measuring that. */
#ifndef ARX_PAR_MIN_BYTES
#define ARX_PAR_MIN_BYTES ((size_t)32 * 1024) /* size_t: 16-bit int on AVR and MSP430 */
#endif
/* Upper limit of arx_key_set_threads. */
#define ARX_PAR_MAX_THREADS 1024

typedef struct {
    size_t share_blocks; /* blocks per share; the last share has the rest */
    unsigned shares;     /* 1: run on the calling thread; 0: nothing to do */
} arx_par_plan;

/* How to cut nblocks blocks of bb bytes for key k. */
arx_par_plan arx_par_split(const arx_key *k, size_t nblocks, size_t bb);

/* Share i of a plan over nblocks: its first block and its block count. */
ARX_INLINE size_t arx_par_first(const arx_par_plan *p, unsigned i) { return (size_t)i * p->share_blocks; }
ARX_INLINE size_t arx_par_count(const arx_par_plan *p, size_t nblocks, unsigned i) {
    size_t first = arx_par_first(p, i);
    return nblocks - first < p->share_blocks ? nblocks - first : p->share_blocks;
}

/* fn(ctx, i) for every share i, on p->shares threads (in order on the
 * calling thread when there is one share or no OpenMP). */
void arx_par_run(const arx_par_plan *p, void (*fn)(void *ctx, unsigned share), void *ctx);

unsigned arx_par_online_cores(void);

/* Feedback-mode decryption (CBC, CFB): share i starts from the cipher block
 * before it. One block per share: share 0 gets `first` (the IV or running
 * chain), share i > 0 the input block just before it, copied now, before any
 * share can overwrite it in place. NULL when there is one share (or no
 * memory): the caller then runs on this thread. arx_free() it after the run. */
uint8_t *arx_par_chains(const arx_par_plan *p, size_t bb, const uint8_t *first, const uint8_t *in);

/* Counter blocks for share i: ctr + first, the whole block big-endian (CTR). */
void arx_ctr_add(uint8_t *ctr, size_t bb, uint64_t n);

#endif
