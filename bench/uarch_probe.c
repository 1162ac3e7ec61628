/*
 * arxcrypt-uarch-probe: instructions per core cycle for the zmm instruction
 * classes the AVX-512 kernels use, measured on this machine, so the
 * throughput bounds in docs/PERFORMANCE.md rest on measurements rather than
 * on tables. Each test runs 12 independent dependency chains (enough to hide
 * latency up to 12 x the issue interval), 24 instructions per loop pass;
 * TSC ticks are turned into core cycles with bench_core_per_tsc(). Mixed
 * tests show which classes compete for the same pipes.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

#include "timing.h"

#if defined(__x86_64__) && defined(__AVX512F__)
#include <immintrin.h>

#define R12(op) op(1) op(2) op(3) op(4) op(5) op(6) op(7) op(8) op(9) op(10) op(11) op(12)
#define CLOBBER "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", \
                "xmm14", "xmm15", "xmm16", "xmm17"

#define ADD(i) "vpaddd %%zmm13, %%zmm" #i ", %%zmm" #i "\n\t"
#define XOR(i) "vpxord %%zmm13, %%zmm" #i ", %%zmm" #i "\n\t"
#define TERN(i) "vpternlogd $0x96, %%zmm13, %%zmm13, %%zmm" #i "\n\t"
#define ROL(i) "vprold $7, %%zmm" #i ", %%zmm" #i "\n\t"
#define SRL(i) "vpsrld $7, %%zmm" #i ", %%zmm" #i "\n\t"
#define SHUF(i) "vpshufb %%zmm13, %%zmm" #i ", %%zmm" #i "\n\t"
#define SHLDW(i) "vpshldw $5, %%zmm" #i ", %%zmm" #i ", %%zmm" #i "\n\t"
#define GFNI(i) "vgf2p8affineqb $0, %%zmm13, %%zmm" #i ", %%zmm" #i "\n\t"
#define CLMUL(i) "vpclmulqdq $0, %%zmm13, %%zmm" #i ", %%zmm" #i "\n\t"
#define ADDROL(i) "vpaddd %%zmm13, %%zmm" #i ", %%zmm" #i "\n\tvprold $7, %%zmm" #i ", %%zmm" #i "\n\t"
#define ADDADDROL(i) "vpaddd %%zmm13, %%zmm" #i ", %%zmm" #i "\n\tvpxord %%zmm13, %%zmm" #i ", %%zmm" #i "\n\tvprold $7, %%zmm" #i ", %%zmm" #i "\n\t"
#define CLSHUF(i) "vpclmulqdq $0, %%zmm13, %%zmm" #i ", %%zmm" #i "\n\tvpshufb %%zmm13, %%zmm" #i ", %%zmm" #i "\n\t"
#define CLADD(i) "vpclmulqdq $0, %%zmm13, %%zmm" #i ", %%zmm" #i "\n\tvpaddd %%zmm13, %%zmm" #i ", %%zmm" #i "\n\tvpaddd %%zmm13, %%zmm" #i ", %%zmm" #i "\n\t"
#define CLROL(i) "vpclmulqdq $0, %%zmm13, %%zmm" #i ", %%zmm" #i "\n\tvprold $7, %%zmm" #i ", %%zmm" #i "\n\t"
#define ROLSHUF(i) "vprold $7, %%zmm" #i ", %%zmm" #i "\n\tvpshufb %%zmm13, %%zmm" #i ", %%zmm" #i "\n\t"
#define GFADD(i) "vgf2p8affineqb $0, %%zmm13, %%zmm" #i ", %%zmm" #i "\n\tvpaddd %%zmm13, %%zmm" #i ", %%zmm" #i "\n\t"
/* GHASH's Karatsuba absorb per register: 3 vpclmulqdq, 2 shuffles (byte
 * reversal, half swap), 4 xor (ghash_avx512.h) */
#define GHMIX(i) "vpclmulqdq $0, %%zmm13, %%zmm" #i ", %%zmm14\n\tvpclmulqdq $0x11, %%zmm13, %%zmm" #i ", %%zmm15\n\t" \
    "vpclmulqdq $0, %%zmm13, %%zmm" #i ", %%zmm16\n\tvpshufb %%zmm13, %%zmm" #i ", %%zmm" #i "\n\t"                    \
    "vpshufd $0x4e, %%zmm" #i ", %%zmm17\n\tvpxord %%zmm14, %%zmm" #i ", %%zmm" #i "\n\tvpxord %%zmm15, %%zmm" #i ", %%zmm" #i "\n\t" \
    "vpxord %%zmm16, %%zmm" #i ", %%zmm" #i "\n\tvpxord %%zmm17, %%zmm" #i ", %%zmm" #i "\n\t"
#define YADD(i) "vpaddd %%ymm13, %%ymm" #i ", %%ymm" #i "\n\t"
#define YSRL(i) "vpsrld $7, %%ymm" #i ", %%ymm" #i "\n\t"
/* The AVX2 kernels' classes (256-bit, no AVX-512 encodings: what a Zen 3 or
 * a Zen 4 running the avx2 backends executes). */
#define YXOR(i) "vpxor %%ymm13, %%ymm" #i ", %%ymm" #i "\n\t"
#define YOR(i) "vpor %%ymm13, %%ymm" #i ", %%ymm" #i "\n\t"
#define YSHUF(i) "vpshufb %%ymm13, %%ymm" #i ", %%ymm" #i "\n\t"
#define YCLMUL(i) "vpclmulqdq $0, %%ymm13, %%ymm" #i ", %%ymm" #i "\n\t"
#define XADD(i) "vpaddd %%xmm13, %%xmm" #i ", %%xmm" #i "\n\t"
#define XSRL(i) "vpsrld $7, %%xmm" #i ", %%xmm" #i "\n\t"
/* A rotate without vprold: two shifts into a scratch register and an OR */
#define YROT(i) "vpsrld $7, %%ymm" #i ", %%ymm14\n\tvpslld $25, %%ymm" #i ", %%ymm" #i "\n\tvpor %%ymm14, %%ymm" #i ", %%ymm" #i "\n\t"
/* LEA's AVX2 word update: 2 xor, 1 add, a 3-instruction rotate (2:1 ALU:shift) */
#define YLEA(i) "vpxor %%ymm13, %%ymm" #i ", %%ymm" #i "\n\tvpxor %%ymm13, %%ymm" #i ", %%ymm" #i "\n\t" \
    "vpaddd %%ymm13, %%ymm" #i ", %%ymm" #i "\n\t" YROT(i)

/* Whole rounds of the two-word ciphers on one pair word (AVX2 kernels):
 * SPECK-128's (vpshufb, add, xor, a 3-instruction rotate, xor: 4 ALU to 3
 * shift/shuffle) and SIMON-64's (S^1 as add+srl+or, S^8 vpshufb, and, S^2,
 * three xor: 7 to 4). */
#define YSPECK(i) "vpshufb %%ymm13, %%ymm" #i ", %%ymm" #i "\n\tvpaddq %%ymm13, %%ymm" #i ", %%ymm" #i "\n\t" \
    "vpxor %%ymm13, %%ymm" #i ", %%ymm" #i "\n\tvpsrlq $61, %%ymm" #i ", %%ymm14\n\tvpsllq $3, %%ymm" #i ", %%ymm" #i "\n\t" \
    "vpor %%ymm14, %%ymm" #i ", %%ymm" #i "\n\tvpxor %%ymm13, %%ymm" #i ", %%ymm" #i "\n\t"
#define YSIMON(i) "vpaddd %%ymm" #i ", %%ymm" #i ", %%ymm14\n\tvpsrld $31, %%ymm" #i ", %%ymm15\n\t" \
    "vpor %%ymm15, %%ymm14, %%ymm14\n\tvpshufb %%ymm13, %%ymm" #i ", %%ymm15\n\tvpand %%ymm15, %%ymm14, %%ymm14\n\t" \
    "vpslld $2, %%ymm" #i ", %%ymm15\n\tvpsrld $30, %%ymm" #i ", %%ymm" #i "\n\tvpor %%ymm15, %%ymm" #i ", %%ymm" #i "\n\t" \
    "vpxor %%ymm14, %%ymm" #i ", %%ymm" #i "\n\tvpxor %%ymm13, %%ymm" #i ", %%ymm" #i "\n\tvpxor %%ymm13, %%ymm" #i ", %%ymm" #i "\n\t"
/* SSE2's two-operand rotate: a register copy, two shifts, an OR (the copy
 * counted as an instruction: is it free?), and LEA's word update with it. */
#define XROT(i) "movdqa %%xmm" #i ", %%xmm14\n\tpsrld $7, %%xmm14\n\tpslld $25, %%xmm" #i "\n\tpor %%xmm14, %%xmm" #i "\n\t"
#define XLEA(i) "pxor %%xmm13, %%xmm" #i "\n\tpxor %%xmm13, %%xmm" #i "\n\tpaddd %%xmm13, %%xmm" #i "\n\t" XROT(i)

#define PROBE_TRIES 5

#define PROBE(name, body, per_pass)                                                   \
    static void name(void *p) {                                                       \
        (void)p;                                                                      \
        for (int i = 0; i < 1000; i++) __asm__ volatile(body body ::: CLOBBER);       \
    }                                                                                 \
    enum { name##_n = 2 * (per_pass) };

PROBE(p_add, R12(ADD), 12)
PROBE(p_xor, R12(XOR), 12)
PROBE(p_tern, R12(TERN), 12)
PROBE(p_rol, R12(ROL), 12)
PROBE(p_srl, R12(SRL), 12)
PROBE(p_shuf, R12(SHUF), 12)
PROBE(p_shldw, R12(SHLDW), 12)
PROBE(p_gfni, R12(GFNI), 12)
PROBE(p_clmul, R12(CLMUL), 12)
PROBE(p_addrol, R12(ADDROL), 24)
PROBE(p_addaddrol, R12(ADDADDROL), 36)
PROBE(p_clshuf, R12(CLSHUF), 24)
PROBE(p_cladd, R12(CLADD), 36)
PROBE(p_clrol, R12(CLROL), 24)
PROBE(p_rolshuf, R12(ROLSHUF), 24)
PROBE(p_gfadd, R12(GFADD), 24)
PROBE(p_ghmix, R12(GHMIX), 108)
PROBE(p_yadd, R12(YADD), 12)
PROBE(p_ysrl, R12(YSRL), 12)
PROBE(p_yxor, R12(YXOR), 12)
PROBE(p_yor, R12(YOR), 12)
PROBE(p_yshuf, R12(YSHUF), 12)
PROBE(p_yclmul, R12(YCLMUL), 12)
PROBE(p_xadd, R12(XADD), 12)
PROBE(p_xsrl, R12(XSRL), 12)
PROBE(p_yrot, R12(YROT), 36)
PROBE(p_ylea, R12(YLEA), 72)
PROBE(p_yspeck, R12(YSPECK), 84)
PROBE(p_ysimon, R12(YSIMON), 132)
PROBE(p_xrot, R12(XROT), 48)
PROBE(p_xlea, R12(XLEA), 84)

int main(void) {
    double f = bench_core_per_tsc();
    static const struct { const char *name; bench_fn fn; int n; } t[] = {
        {"vpaddd zmm", p_add, p_add_n},           {"vpxord zmm", p_xor, p_xor_n},
        {"vpternlogd zmm", p_tern, p_tern_n},     {"vprold zmm", p_rol, p_rol_n},
        {"vpsrld zmm (imm)", p_srl, p_srl_n},     {"vpshufb zmm", p_shuf, p_shuf_n},
        {"vpshldw zmm", p_shldw, p_shldw_n},      {"vgf2p8affineqb zmm", p_gfni, p_gfni_n},
        {"vpclmulqdq zmm", p_clmul, p_clmul_n},   {"vpaddd+vprold zmm (1:1)", p_addrol, p_addrol_n},
        {"vpaddd+vpxord+vprold zmm", p_addaddrol, p_addaddrol_n},
        {"vpclmulqdq+vpshufb (1:1)", p_clshuf, p_clshuf_n},
        {"vpclmulqdq+2 vpaddd (1:2)", p_cladd, p_cladd_n},
        {"vpclmulqdq+vprold (1:1)", p_clrol, p_clrol_n},
        {"vprold+vpshufb (1:1)", p_rolshuf, p_rolshuf_n},
        {"vgf2p8affineqb+vpaddd (1:1)", p_gfadd, p_gfadd_n},
        {"GHASH absorb mix (3:2:4)", p_ghmix, p_ghmix_n},
        {"vpaddd ymm", p_yadd, p_yadd_n},         {"vpsrld ymm (imm)", p_ysrl, p_ysrl_n},
        {"vpxor ymm", p_yxor, p_yxor_n},          {"vpor ymm", p_yor, p_yor_n},
        {"vpshufb ymm", p_yshuf, p_yshuf_n},      {"vpclmulqdq ymm", p_yclmul, p_yclmul_n},
        {"vpaddd xmm", p_xadd, p_xadd_n},         {"vpsrld xmm (imm)", p_xsrl, p_xsrl_n},
        {"rotate ymm (srl+sll+or)", p_yrot, p_yrot_n},
        {"LEA word ymm (2 xor, add, rot)", p_ylea, p_ylea_n},
        {"SPECK-128 round ymm (4 ALU : 3 shift/shuffle)", p_yspeck, p_yspeck_n},
        {"SIMON-64 round ymm (7 ALU : 4 shift/shuffle)", p_ysimon, p_ysimon_n},
        {"SSE2 rotate xmm (movdqa, 2 shifts, por; 4 instr)", p_xrot, p_xrot_n},
        {"SSE2 LEA word xmm (7 instr incl. movdqa)", p_xlea, p_xlea_n},
    };
    printf("core cycles per TSC cycle: %.3f\n%-28s %s\n", f, "instruction", "per core cycle");
    /* Warm up the vector unit first: the first zmm test used to read half its
     * rate (0.9-1.05 vpaddd/cycle, 2.0 once something ran before it). */
    double w1, w2;
    bench_measure(p_xor, NULL, (size_t)p_xor_n * 1000, 0.05, &w1, &w2);
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        /* "bytes" = instructions executed, so cpb = TSC cycles per instruction.
         * The best of PROBE_TRIES runs: on a shared machine a run that lost the
         * core reads low, never high. */
        double best = 0;
        for (int k = 0; k < PROBE_TRIES; k++) {
            double cpb = 0, gbps = 0;
            bench_measure(t[i].fn, NULL, (size_t)t[i].n * 1000, 0.05, &cpb, &gbps);
            if (1.0 / (cpb * f) > best) best = 1.0 / (cpb * f);
        }
        printf("%-28s %.2f\n", t[i].name, best);
    }
    return 0;
}
#else
int main(void) {
    puts("arxcrypt-uarch-probe: built without AVX-512 (x86-64 only)");
    return 0;
}
#endif
