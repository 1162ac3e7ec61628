/*
 * Hand-counted Thumb-2 sequences for checking the Cortex-M cycle model
 * (embedded/cycles.py, CALIB), each measured as the difference to
 * fw_calib_empty so the call and return cancel out. Cycles from the
 * Cortex-M3/M4 TRM tables, with the model's P = 2 (pipeline refill):
 *   add10     10 x adds                      10 instructions, 10 cycles
 *   loop8     movs + 8 x (subs, bne)         17 instructions; 7 bne taken (1 + P),
 *             1 not taken (1): 1 + 8 + 7*3 + 1 = 31 cycles
 *   ldrpair   ldr; ldr; adds                 3 instructions, 2 + 1 (pipelined) + 1 = 4 cycles
 *   ldrsplit  ldr; adds; ldr                 3 instructions, 2 + 1 + 2 = 5 cycles
 *   pushpop   push {r4-r7}; pop {r4-r7}      2 instructions, (1 + 4) + (1 + 4) = 10 cycles
 *   umull     umull                          1 instruction, M3: 5 (3-5, early
 *             termination: modelled at its worst), M4: 1
 */
    .syntax unified
    .thumb
    .text
    .globl fw_calib_empty, fw_calib_add10, fw_calib_loop8, fw_calib_ldrpair, fw_calib_ldrsplit
    .globl fw_calib_pushpop, fw_calib_umull
    .type fw_calib_empty, %function
    .type fw_calib_add10, %function
    .type fw_calib_loop8, %function
    .type fw_calib_ldrpair, %function
    .type fw_calib_ldrsplit, %function
    .type fw_calib_pushpop, %function
    .type fw_calib_umull, %function
    .thumb_func
fw_calib_empty:
    bx lr
    .thumb_func
fw_calib_add10:
    .rept 10
    adds r0, r0, #1
    .endr
    bx lr
    .thumb_func
fw_calib_loop8:
    movs r0, #8
1:  subs r0, r0, #1
    bne 1b
    bx lr
    .thumb_func
fw_calib_ldrpair:
    ldr r1, [sp]
    ldr r2, [sp, #4]
    adds r1, r1, r2
    bx lr
    .thumb_func
fw_calib_ldrsplit:
    ldr r1, [sp]
    adds r2, r2, #1
    ldr r3, [sp, #4]
    bx lr
    .thumb_func
fw_calib_pushpop:
    push {r4-r7}
    pop {r4-r7}
    bx lr
    .thumb_func
fw_calib_umull:
    umull r0, r1, r2, r3
    bx lr
