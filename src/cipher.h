/*
 * The block interface between cipher families and everything above them.
 *
 * A cipher variant ("lea-128") is a descriptor: its sizes, a key-schedule
 * setup and a NULL-terminated list of backends, the portable reference
 * ("ref") first. A backend is a table of kernels over n whole blocks; it
 * never sees a partial block, an IV or a mode. Modes (src/modes/) are written
 * once over this interface.
 *
 * Contract for every kernel:
 *   - `ks` is the key schedule written by the descriptor's `setup`, at least
 *     64-byte aligned; kernels only read it.
 *   - `in` and `out` have no alignment; out == in is allowed, any other
 *     overlap is not (the public API refuses it before a kernel runs).
 *   - nblocks may be 0 and may be any count; a kernel that works on batches
 *     (lanes > 1) handles the remainder itself (usually by calling the
 *     reference block function), so callers never split work by lanes.
 *   - constant time: no branch or memory index depends on key or data.
 */
#ifndef ARX_CIPHER_H
#define ARX_CIPHER_H

#include <stddef.h>
#include <stdint.h>

/* CPU features a backend may need (src/cpu.c finds them; OS state included). */
enum {
    ARX_CPU_SSE2 = 1u << 0,
    ARX_CPU_SSSE3 = 1u << 1,
    ARX_CPU_SSE41 = 1u << 2,
    ARX_CPU_PCLMUL = 1u << 3,
    ARX_CPU_AVX2 = 1u << 4,
    ARX_CPU_AVX512F = 1u << 5,
    ARX_CPU_AVX512BW = 1u << 6,
    ARX_CPU_AVX512VL = 1u << 7,
    ARX_CPU_AVX512VBMI2 = 1u << 8,
    ARX_CPU_GFNI = 1u << 9,
    ARX_CPU_VPCLMULQDQ = 1u << 10,
    ARX_CPU_VAES = 1u << 11,
    ARX_CPU_NEON = 1u << 12,
    ARX_CPU_PMULL = 1u << 13,
    ARX_CPU_WASM_SIMD128 = 1u << 14,
};

uint32_t arx_cpu_features(void); /* cached after the first call */

/* The CPU bits each x86 backend needs at least (a kernel that also uses
 * VBMI2 or GFNI ORs those in). AVX-512 here means F + BW + VL. */
#define ARX_REQ_SSE2 ARX_CPU_SSE2
#define ARX_REQ_AVX2 ARX_CPU_AVX2
#define ARX_REQ_AVX512 (ARX_CPU_AVX512F | ARX_CPU_AVX512BW | ARX_CPU_AVX512VL)

/* 1 when the x86-64 ISA files (<family>_sse2.c, _avx2.c, _avx512.c) are part
 * of the build, so descriptors may list their backends. CMake defines
 * ARX_NO_X86_SIMD when it leaves them out. */
#if defined(__x86_64__) && !defined(ARX_NO_X86_SIMD)
#define ARX_X86_SIMD 1
#else
#define ARX_X86_SIMD 0
#endif

/* 1 when the ARM NEON files (<family>_neon.c, compiled with -mfpu=neon on
 * ARMv7, as they are on AArch64) are part of the build; CMake defines
 * ARX_NO_NEON when it leaves them out. Their backends require ARX_CPU_NEON,
 * which ARMv7 finds at run time and AArch64 always has. ARX_ARM_PMULL: the
 * AArch64 GHASH on PMULL (src/modes/ghash_pmull.c, built with +crypto). */
#if (defined(__aarch64__) || defined(__arm__)) && !defined(ARX_NO_NEON)
#define ARX_ARM_NEON 1
#else
#define ARX_ARM_NEON 0
#endif
#if defined(__aarch64__) && ARX_ARM_NEON
#define ARX_ARM_PMULL 1
#else
#define ARX_ARM_PMULL 0
#endif
#define ARX_REQ_NEON ARX_CPU_NEON

/* ARX_TW(&backend) lists a portable SWAR ("twoway", *_twoway.c) backend in
 * a descriptor. Every build has them except the 8- and 16-bit
 * microcontroller ones (embedded/, ARX_NO_TWOWAY): on an AVR or an MSP430
 * a 64-bit SWAR word is slower than the reference, and their code (~64 KiB
 * on AVR) would not fit the flash next to the rest. */
#ifdef ARX_NO_TWOWAY
#define ARX_TW(b)
#else
#define ARX_TW(b) b,
#endif

/* 1 when the WebAssembly SIMD128 files (<family>_wasm.c, compiled with
 * -msimd128) are part of a wasm32 build; CMake defines ARX_NO_WASM_SIMD for
 * the scalar module. Their backends require ARX_CPU_WASM_SIMD128, which
 * src/cpu.c sets at compile time in that build: a module holding SIMD128
 * code only instantiates where the engine validated it (js/ checks with
 * WebAssembly.validate before it loads that module). */
#if defined(__wasm__) && !defined(ARX_NO_WASM_SIMD)
#define ARX_WASM_SIMD 1
#else
#define ARX_WASM_SIMD 0
#endif
#define ARX_REQ_WASM ARX_CPU_WASM_SIMD128

/* ARX_SIMD_BACKENDS(speck32) lists the SIMD backends of one cipher instance
 * built on every target's ISA files (ciphers/twoword_simd.h instances)
 * in a descriptor, x86 widest last: &speck32_sse2, &speck32_avx2,
 * &speck32_avx512, (NEON: &speck32_neon, WebAssembly: &speck32_wasm,);
 * nothing where none is built. */
#if ARX_X86_SIMD
#define ARX_SIMD_BACKENDS(p) &p##_sse2, &p##_avx2, &p##_avx512,
#elif ARX_ARM_NEON
#define ARX_SIMD_BACKENDS(p) &p##_neon,
#elif ARX_WASM_SIMD
#define ARX_SIMD_BACKENDS(p) &p##_wasm,
#else
#define ARX_SIMD_BACKENDS(p)
#endif

typedef void (*arx_block_fn)(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);

/*
 * ctr_xor: out = in XOR E(ctr), E(ctr+1), ..., E(ctr+nblocks-1), where ctr is
 * the whole block read as one big-endian integer that wraps modulo
 * 2^(8*block_bytes); on return ctr holds the next counter. Optional: NULL
 * means the modes build counters and call `encrypt`.
 */
typedef void (*arx_ctr_fn)(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);

/*
 * gcm_xor: optional stitched GCM pass for 128-bit-block ciphers whose GHASH
 * runs on VPCLMULQDQ (g->impl == ARX_GHASH_VPCLMUL for AVX-512 backends,
 * ARX_GHASH_VPCLMUL256 for AVX2 ones: the impl follows the backend). Over the first whole
 * batches of nblocks 16-byte blocks: out = in XOR E(ctr_i) with SP 800-38D
 * inc32 counters (only the last four bytes of ctr count, wrapping mod 2^32),
 * and GHASH absorbs the ciphertext (out when encrypting, in when decrypting)
 * in the same pass. Returns the blocks it did (whole batches, possibly 0);
 * ctr and g have advanced by them. The caller does the rest. It must not
 * branch on the counter's value: J0 depends on the key for nonces that are
 * not 96 bits (src/modes/gcm.c).
 */
struct arx_ghash;
typedef size_t (*arx_gcm_fn)(const void *ks, struct arx_ghash *g, uint8_t ctr[16], uint8_t *out,
                             const uint8_t *in, size_t nblocks, int decrypt);

/*
 * xts_xor: optional XTS pass for 128-bit-block ciphers (src/modes/xts.c):
 * over the first whole batches of nblocks blocks, out = E(in ^ T_j) ^ T_j
 * (D when decrypt), T_0 = t and T_{j+1} = T_j * alpha (IEEE 1619, the
 * tweaks kept in the kernel's own registers). Returns the blocks it did
 * (whole batches, possibly 0); t is then the tweak of the next block. The
 * caller does the rest and the ciphertext stealing.
 */
typedef size_t (*arx_xts_fn)(const void *ks, uint8_t t[16], uint8_t *out, const uint8_t *in, size_t nblocks,
                             int decrypt);

/*
 * xts_sectors: optional many-data-unit XTS pass (src/modes/xts.c's sector
 * call): count units of spb whole blocks each, unit i read from
 * in + 16*spb*i and written to out + 16*spb*i with first tweak
 * T_0 = t0[16i..16i+16) (already E_K2(sector number)). Returns count, or 0
 * when it takes no such unit size (the caller then runs unit by unit): one
 * call for a batch of sectors saves each sector's kernel set-up and the
 * hand-back of the tweak that xts_xor does.
 */
typedef size_t (*arx_xts_sectors_fn)(const void *ks, const uint8_t *t0, size_t spb, size_t count, uint8_t *out,
                                     const uint8_t *in, int decrypt);

/* dst = t, t*alpha, ..., t*alpha^(n-1) (16n bytes): an xts_xor kernel's
 * first batch of tweaks (src/modes/xts.c). */
void arx_xts_tweaks(uint8_t *dst, const uint8_t t[16], size_t n);
/* ---- multi-message kernels (issue 24; src/modes/many.c) -----------------
 * ctr_many: lane-per-message counter mode. For each of the n <= many_lanes
 * streams lanes[0..n) at once (one per vector lane, each with its own key
 * schedule): out = in XOR the keystream from counter block ctr over
 * min(len, cap) bytes (the last block may be partial; only those bytes are
 * read and written). With ARX_MANY_PRE, E(ctr) is first written to pre (one
 * block) and the data's keystream starts at ctr + 1 (GCM's E(J0)).
 * (E(J0) may run after the data's keystream: GCM's inc32 leaves the data's
 * counters distinct from ctr.) ARX_MANY_INC32: counters step with SP 800-38D inc32 (the low 32 bits
 * only), else the whole block is one big-endian counter that wraps modulo
 * 2^(8*block_bytes), as arx_ctr_fn's. Every schedule is of the backend's own
 * cipher; streams do not overlap each other; lengths are public, keys and
 * counters are not (no branch on them). 128-bit blocks, or 64-bit ones (ctr's
 * first 8 bytes the counter block; cap a multiple of 8; many.c passes them
 * CTR and CMAC only), or 32-bit ones (SIMECK-32/64: ctr's first 4 bytes;
 * CTR only). ARX_MANY_CBC instead (CMAC's CBC-MAC; no other flag
 * with it): ctr is the chaining state X, which absorbs the min(len, cap) /
 * block_bytes whole blocks of in, X = E(X ^ M_i); the final X goes to pre,
 * out is not written.
 *
 * sc is the caller's scratch for the lanes' schedules in the kernel's own
 * (transposed) form, in slots: as many sets of lanes as rk and ks hold (16
 * lanes: one; 8: two; 4: four). A kernel reuses a slot whose lanes carry
 * the same schedules, in the same order, as this call's (a batch that cycles
 * through a few sets of keys), else transposes into the next slot round
 * robin, and records what it put there. The caller zeroes `n` before the
 * first call, keeps the schedules unchanged while it uses sc, and wipes
 * `used` bytes of rk when done (it is key material). */
enum { ARX_MANY_INC32 = 1, ARX_MANY_PRE = 2, ARX_MANY_CBC = 4 };
#define ARX_MANY_MAX_LANES 16
/* Words (of the kernel's lane width) of one lane's transposed schedule, at
 * most: SPARX-128/256's 328-row program (LEA-256: 192, SIMON-128/256: 72
 * 64-bit words, CHAM-128: 16). */
#define ARX_MANY_SCHED_WORDS 328
typedef struct arx_many_lane {
    const void *ks;
    const uint8_t *in;
    uint8_t *out;
    size_t len;
    uint8_t *pre;
    uint8_t ctr[16];
} arx_many_lane;
typedef struct arx_many_sched {
    _Alignas(64) uint32_t rk[ARX_MANY_SCHED_WORDS * ARX_MANY_MAX_LANES]; /* 20.5 KiB */
    const void *ks[ARX_MANY_MAX_LANES];     /* slot s's schedules at ks[s * lanes + l] */
    unsigned char slot_n[ARX_MANY_MAX_LANES]; /* lanes slot s holds */
    size_t n;                               /* slots filled; 0: none */
    size_t next;                            /* the slot to replace next, once all are filled */
    size_t used;                            /* bytes of rk written */
} arx_many_sched;
typedef void (*arx_ctr_many_fn)(arx_many_sched *sc, const arx_many_lane *const *lanes, size_t n, size_t cap,
                                int flags);
/* The designated initialisers of arx_backend's many_ctr_from and
 * many_ctr_step (after a comma-led field list). */
#define ARX_MANY_CTR_ALONE(from, step) , .many_ctr_from = (from), .many_ctr_step = (step)
/* A backend with lane kernels only (SPECK, SIMON and SIMECK with 24- and
 * 48-bit words on x86: twoword_lanes.h): the reference's one-message
 * kernels ENC and DEC (counter mode built on ENC by the modes) and the ISA
 * file's ctr_many LANES_FN, NLANES messages a call. */
#define ARX_LANES_BACKEND(name, isa, req, nlanes, enc, dec, lanes_fn)                              \
    void lanes_fn(arx_many_sched *sc, const arx_many_lane *const *lanes, size_t n, size_t cap, int flags); \
    static const arx_backend name = {isa, req, 1, enc, dec, NULL, .many_lanes = (nlanes), .ctr_many = lanes_fn};
/* Both x86 ones of CIPHER (speck48: speck48_avx2 and speck48_avx512, over
 * speck48_encrypt/_decrypt and the ISA files' speck48_<isa>_ctr_lanes);
 * AVX-512 (with VBMI2: vpshld) runs twice AVX2's lanes. */
#define ARX_LANES_X86(cipher, avx2_lanes)                                                          \
    ARX_LANES_BACKEND(cipher##_avx2, "avx2", ARX_REQ_AVX2, avx2_lanes, cipher##_encrypt, cipher##_decrypt,   \
                      cipher##_avx2_ctr_lanes)                                                     \
    ARX_LANES_BACKEND(cipher##_avx512, "avx512", ARX_REQ_AVX512 | ARX_CPU_AVX512VBMI2, 2 * (avx2_lanes),      \
                      cipher##_encrypt, cipher##_decrypt, cipher##_avx512_ctr_lanes)
/* The descriptor FAM-B-K of a cipher with such backends (after the ref). */
#define ARX_LANES_DESC(fam, B, K, KS, ...)                                                         \
    const arx_cipher_desc arx_desc_##fam##_##B##_##K = {#fam "-" #B "-" #K, #fam, B / 8, K / 8, sizeof(KS),   \
                                                        fam##_##B##_##K##_setup, {&fam##B##_ref, __VA_ARGS__, NULL}};
/* NEON's (cipher##_neon over the ISA file's cipher##_neon_ctr_lanes). */
#define ARX_LANES_NEON(cipher, nlanes)                                                             \
    ARX_LANES_BACKEND(cipher##_neon, "neon", ARX_REQ_NEON, nlanes, cipher##_encrypt, cipher##_decrypt,       \
                      cipher##_neon_ctr_lanes)

typedef struct arx_backend {
    const char *name;  /* "ref", "sse2", "avx2", "avx512", "neon", "wasm" */
    uint32_t requires; /* ARX_CPU_* bits that must all be present; 0 for ref */
    unsigned lanes;    /* blocks per kernel iteration (1 for ref) */
    arx_block_fn encrypt;
    arx_block_fn decrypt;
    arx_ctr_fn ctr_xor; /* may be NULL */
    arx_gcm_fn gcm_xor; /* may be NULL (and is, past the initialiser's end) */
    arx_xts_fn xts_xor; /* may be NULL */
    /* ---- multi-message (issue 24): set by designated initialisers ---- */
    unsigned many_lanes;      /* messages per ctr_many call at most; 0: none */
    arx_ctr_many_fn ctr_many; /* may be NULL */
    arx_xts_sectors_fn xts_sectors; /* may be NULL: set by designated initialisers */
    /* 128- and 32-bit-block CTR through ctr_many: a message under many.c's
     * MANY_LONG_CTR (MANY_LONG_CTR32) also goes alone when its length is at least
     * many_ctr_from and a multiple of many_ctr_step, the lengths where this
     * backend's one-message kernel runs whole batches faster than its lanes
     * (measured per backend: many.c). 0: none. ARX_MANY_CTR_ALONE sets both. */
    unsigned short many_ctr_from, many_ctr_step;
} arx_backend;

/* out = in XOR E(ctr), then ctr += 1 (the whole block big-endian, wrapping),
 * one block at a time through `encrypt` (a reference kernel): the counter
 * tail the SIMD backends leave over (util.c). */
void arx_ctr_by_block(arx_block_fn encrypt, const void *ks, size_t block_bytes, uint8_t *ctr, uint8_t *out,
                      const uint8_t *in, size_t nblocks);
/* CTR for 64-bit blocks over an ECB kernel, 8 counter blocks at a time in an
 * aligned stack buffer (the microcontroller kernels take 4-byte-aligned
 * buffers; one call per 8 blocks instead of one per block). */
void arx_ctr64_batched(arx_block_fn encrypt, const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                       size_t nblocks);
/* The same for 128-bit blocks, 4 counter blocks at a time (the counter
 * modulo 2^128, as SP 800-38A). */
void arx_ctr128_batched(arx_block_fn encrypt, const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,
                        size_t nblocks);

/*
 * The backend of a microcontroller kernel (assembly beside its family,
 * embedded/ builds): KENC/KDEC over 4-byte-aligned buffers, REFENC/REFDEC
 * (the reference) for others (alignment is public), CTR by CTRB over the
 * kernel (arx_ctr64_batched: eight 64-bit counter blocks a call;
 * arx_ctr128_batched: four 128-bit ones); LANES blocks a pass (1 or 2).
 */
#define ARX_MCU_BACKEND(name, isa, lanes, kenc, kdec, refenc, refdec, ctrb)                        \
    static void name##_enc(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {            \
        if (arx_aligned4(out, in)) kenc(ks, out, in, n);                                           \
        else refenc(ks, out, in, n);                                                               \
    }                                                                                              \
    static void name##_dec(const void *ks, uint8_t *out, const uint8_t *in, size_t n) {            \
        if (arx_aligned4(out, in)) kdec(ks, out, in, n);                                           \
        else refdec(ks, out, in, n);                                                               \
    }                                                                                              \
    static void name##_ctr(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in,          \
                           size_t n) {                                                             \
        ctrb(name##_enc, ks, ctr, out, in, n);                                                     \
    }                                                                                              \
    static const arx_backend name = {isa, 0, lanes, name##_enc, name##_dec, name##_ctr};
#define ARX_MCU64_BACKEND(name, isa, lanes, kenc, kdec, refenc, refdec)                            \
    ARX_MCU_BACKEND(name, isa, lanes, kenc, kdec, refenc, refdec, arx_ctr64_batched)
#define ARX_MCU128_BACKEND(name, isa, kenc, kdec, refenc, refdec)                                  \
    ARX_MCU_BACKEND(name, isa, 1, kenc, kdec, refenc, refdec, arx_ctr128_batched)

/*
 * The CTR kernels of the 8- and 16-bit chips (embedded/gen: speck_ctr_avr.py ...),
 * f(ks, ctr, out, in, n): out = in XOR E(ctr), E(ctr + 1), ..., ctr (the
 * whole block, big-endian) stepped in the kernel, modulo 2^blockbits.
 * arx_mcu_ctr_pairs: an AVR pair kernel (n pairs of 64-bit blocks), an odd
 * last block through the encryption kernel ENC. arx_mcu_ctr_words: an
 * MSP430 block kernel (BB-byte blocks) over
 * 2-byte-aligned buffers and counter (copied into an aligned one), odd
 * buffers block by block through ENC. (Counts and alignment are public.)
 */
#if defined(ARX_AVR) || defined(ARX_MSP430)
#include "internal.h" /* arx_wipe, memcpy */
typedef void (*arx_mcu_ctr_fn)(const void *ks, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t n);
static inline void arx_mcu_ctr_pairs(arx_mcu_ctr_fn f, arx_block_fn enc, const void *ks, uint8_t *ctr,
                                     uint8_t *out, const uint8_t *in, size_t nblocks) {
    const size_t even = nblocks & ~(size_t)1;
    if (even) f(ks, ctr, out, in, even / 2);
    if (nblocks & 1u) arx_ctr_by_block(enc, ks, 8, ctr, out + 8 * even, in + 8 * even, 1);
}
/* ctr += c (c is 0 or 1; big-endian, `bytes` bytes, modulo 2^(8 bytes))
 * through every byte whatever the carries: the CTR wrappers that split a
 * call where the counter's low bytes wrap keep one cycle count for every
 * counter. Byte adds with the carry taken from the 16-bit sum's high byte
 * (no shifts of a wider word: dear on the 8-bit AVR). */
static inline void arx_mcu_ctr_carry(uint8_t *ctr, unsigned bytes, uint8_t c) {
    uint8_t *p = ctr + bytes;
#ifdef ARX_AVR
    /* The carry flag through the bytes (dec and brne keep it): 8 cycles a
     * byte against 15 for the C loop, which cannot name the flag. */
    uint8_t n = (uint8_t)bytes;
    __asm__ volatile("lsr %[c]\n"
                     "1: ld __tmp_reg__, -%a[p]\n\t"
                     "adc __tmp_reg__, __zero_reg__\n\t"
                     "st %a[p], __tmp_reg__\n\t"
                     "dec %[n]\n\t"
                     "brne 1b"
                     : [p] "+e"(p), [n] "+r"(n), [c] "+r"(c)
                     :
                     : "memory");
#else
    do {
        const uint16_t s = (uint16_t)(*--p + c);
        *p = (uint8_t)s;
        c = (uint8_t)(s >> 8);
    } while (p != ctr);
#endif
}
/* ctr += n (bytes >= 2, as arx_mcu_ctr_carry): n (a 16-bit size_t on both
 * chips) added to the low two bytes at once, then its 0/1 carry. */
_Static_assert(sizeof(size_t) == 2, "arx_mcu_ctr_add: 16-bit size_t");
static inline void arx_mcu_ctr_add(uint8_t *ctr, unsigned bytes, size_t n) {
    const uint32_t s = (((uint32_t)ctr[bytes - 2] << 8) | ctr[bytes - 1]) + n;
    ctr[bytes - 2] = (uint8_t)(s >> 8);
    ctr[bytes - 1] = (uint8_t)s;
    arx_mcu_ctr_carry(ctr, bytes - 2, (uint8_t)(s >> 16));
}
/* The run of n > 0 blocks from a counter whose big-endian low 32 bits are
 * low[0..3] that ends where those wrap (blocks up to and including the one
 * at 0xffffffff), and *wrap = 1 when it ends there (low + n >= 2^32), else
 * 0 (the whole n). Without branches and without a 32-bit shift or byte
 * swap: the carry out of low + n taken 16 bits at a time. */
static inline size_t arx_mcu_run32(const uint8_t *low, size_t n, uint8_t *wrap) {
    const uint16_t hi = (uint16_t)(low[0] << 8 | low[1]), lo = (uint16_t)(low[2] << 8 | low[3]);
    const uint8_t w = (uint8_t)(((uint32_t)hi + (((uint32_t)lo + n) >> 16)) >> 16);
    *wrap = w;
    return n ^ ((n ^ (size_t)(uint16_t)(0u - lo)) & (size_t)(0u - (size_t)w)); /* w: 2^32 - low, under n */
}
/* CTR over a kernel with the counter precomputation (HIGHT and SPARX-64 on
 * the chips; 64-bit blocks): room(ctr) is how many blocks from ctr on share
 * the counter bytes that pre(ks, ctr, p) works into p (at least 1, at most
 * SIZE_MAX); f(ks, p, out, in, n) runs n units of `per` blocks (1, or 2 for
 * the AVR pair kernels) from p. A call is split where that run ends, and a
 * block goes alone through enc where fewer than `per` are left in the call
 * or the run: both by the public counter and length. p is wiped (key
 * material). */
typedef void (*arx_mcu_pre_fn)(const void *ks, const uint8_t *ctr, uint8_t *p);
typedef size_t (*arx_mcu_room_fn)(const uint8_t *ctr);
#define ARX_MCU_PRE_BYTES 9
ARX_INLINE void arx_mcu_ctr_split(arx_mcu_ctr_fn f, arx_mcu_pre_fn pre, arx_mcu_room_fn room, unsigned per,
                                     arx_block_fn enc, const void *ks, uint8_t *ctr, uint8_t *out,
                                     const uint8_t *in, size_t nblocks) {
    while (nblocks) {
        size_t n = nblocks / per;
        const size_t r = room(ctr) / per;
        if (n > r) n = r;
        if (!n) {
            arx_ctr_by_block(enc, ks, 8, ctr, out, in, 1);
            out += 8, in += 8, nblocks--;
            continue;
        }
        _Alignas(2) uint8_t p[ARX_MCU_PRE_BYTES];
        pre(ks, ctr, p);
        f(ks, p, out, in, n);
        arx_wipe(p, sizeof p);
        n *= per;
        arx_mcu_ctr_add(ctr, 8, n);
        out += 8 * n, in += 8 * n, nblocks -= n;
    }
}
static inline void arx_mcu_ctr_words(arx_mcu_ctr_fn f, arx_block_fn enc, size_t bb, const void *ks, uint8_t *ctr,
                                     uint8_t *out, const uint8_t *in, size_t nblocks) {
    if (((uintptr_t)out | (uintptr_t)in) & 1u) {
        arx_ctr_by_block(enc, ks, bb, ctr, out, in, nblocks);
        return;
    }
    _Alignas(2) uint8_t c[16];
    memcpy(c, ctr, bb);
    f(ks, c, out, in, nblocks);
    memcpy(ctr, c, bb);
}
#endif

#define ARX_MAX_BACKENDS 8

typedef struct arx_cipher_desc {
    const char *name;    /* "lea-128": the public name */
    const char *family;  /* "lea" */
    unsigned block_bytes;
    unsigned key_bytes;
    size_t ks_bytes;     /* sizeof the family's key-schedule struct */
    /* Expand `key` (exactly key_bytes) into `ks` (ks_bytes, 64-byte aligned). */
    void (*setup)(void *ks, const uint8_t *key);
    /* Reference first; NULL-terminated. */
    const arx_backend *backends[ARX_MAX_BACKENDS];
} arx_cipher_desc;

/* Every descriptor, defined by the family files under src/ciphers/. */
#define ARX_CIPHER_LIST(X)                                                                         \
    X(lea_128) X(lea_192) X(lea_256)                                                               \
    X(cham_64_128) X(cham_128_128) X(cham_128_256)                                                 \
    X(cham_64_128_legacy) X(cham_128_128_legacy) X(cham_128_256_legacy)                            \
    X(hight)                                                                                       \
    X(speck_32_64) X(speck_48_72) X(speck_48_96) X(speck_64_96) X(speck_64_128)                    \
    X(speck_96_96) X(speck_96_144) X(speck_128_128) X(speck_128_192) X(speck_128_256)              \
    X(simon_32_64) X(simon_48_72) X(simon_48_96) X(simon_64_96) X(simon_64_128)                    \
    X(simon_96_96) X(simon_96_144) X(simon_128_128) X(simon_128_192) X(simon_128_256)              \
    X(simeck_32_64) X(simeck_48_96) X(simeck_64_128)                                               \
    X(sparx_64_128) X(sparx_128_128) X(sparx_128_256)

#define ARX_DECLARE_DESC(id) extern const arx_cipher_desc arx_desc_##id;
ARX_CIPHER_LIST(ARX_DECLARE_DESC)
#undef ARX_DECLARE_DESC

#endif
