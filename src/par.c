/* Thread splitting for bulk operations (par.h); OpenMP when built with it. */
#include "par.h"

#ifdef _OPENMP
#include <omp.h>
#endif

unsigned arx_par_online_cores(void) {
#ifdef _OPENMP
    int n = omp_get_num_procs();
    return n > 0 ? (unsigned)n : 1u;
#else
    return 1;
#endif
}

int arx_key_set_threads(arx_key *k, unsigned threads) {
    if (!k) return ARX_ERR_NULL;
    if (threads > ARX_PAR_MAX_THREADS) return ARX_ERR_THREADS;
    if (threads == 0) threads = arx_par_online_cores();
    arx_atomic_store_relaxed(&k->threads, threads);
    return ARX_OK;
}

unsigned arx_key_threads(const arx_key *k) {
    if (!k) return 0;
#ifdef _OPENMP
    return arx_atomic_load_relaxed(&k->threads);
#else
    return 1; /* built without OpenMP: everything runs on the calling thread */
#endif
}

arx_par_plan arx_par_split(const arx_key *k, size_t nblocks, size_t bb) {
    arx_par_plan p = {nblocks, nblocks ? 1u : 0u}; /* no blocks: no share, no kernel call */
    unsigned t = arx_key_threads(k);
    if (t <= 1 || nblocks == 0) return p;
    size_t by_size = nblocks / (ARX_PAR_MIN_BYTES / bb); /* shares of at least the minimum */
    if (by_size < 2) return p;
    if (by_size < t) t = (unsigned)by_size;
    size_t s = (nblocks + t - 1) / t;
    s = (s + ARX_PAR_ALIGN - 1) / ARX_PAR_ALIGN * ARX_PAR_ALIGN;
    p.share_blocks = s;
    p.shares = (unsigned)((nblocks + s - 1) / s);
    return p;
}

void arx_par_run(const arx_par_plan *p, void (*fn)(void *ctx, unsigned share), void *ctx) {
#ifdef _OPENMP
    if (p->shares > 1) {
        const int n = (int)p->shares;
#pragma omp parallel for num_threads(n) schedule(static, 1)
        for (int i = 0; i < n; i++) fn(ctx, (unsigned)i);
        return;
    }
#endif
    for (unsigned i = 0; i < p->shares; i++) fn(ctx, i);
}

uint8_t *arx_par_chains(const arx_par_plan *p, size_t bb, const uint8_t *first, const uint8_t *in) {
    uint8_t *c = p->shares > 1 ? arx_alloc(p->shares * bb) : NULL;
    if (!c) return NULL;
    memcpy(c, first, bb);
    for (unsigned i = 1; i < p->shares; i++) memcpy(c + i * bb, in + (arx_par_first(p, i) - 1) * bb, bb);
    return c;
}

void arx_ctr_add(uint8_t *ctr, size_t bb, uint64_t n) {
    unsigned carry = 0;
    for (size_t i = bb; i-- > 0;) {
        unsigned v = ctr[i] + (unsigned)(n & 0xff) + carry;
        ctr[i] = (uint8_t)v;
        carry = v >> 8;
        n >>= 8;
    }
}
