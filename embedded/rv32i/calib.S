/*
 * Hand-counted RV32I sequences for checking the instruction counter and the
 * cycle model (embedded/cycles.py, CALIB). Each is measured as the difference
 * to fw_calib_empty, so the call and return cancel out. The counts:
 *   add10     10 instructions, 10 cycles
 *   loop8     li + 8 x (addi, bnez) = 17 instructions; 7 bnez taken: 17 + 7*2 = 31 cycles
 *   loaduse   lw; add using it      = 2 instructions, 2 + 1 (load-use) = 3 cycles
 *   loadnouse lw; addi; add using it = 3 instructions, 3 cycles
 *   jal       jal to the next-but-one instruction (taken) + addi = 2 instructions, 2 + 2 = 4 cycles
 */
    .text
    .globl fw_calib_empty, fw_calib_add10, fw_calib_loop8, fw_calib_loaduse, fw_calib_loadnouse, fw_calib_jal
fw_calib_empty:
    ret
fw_calib_add10:
    .rept 10
    addi t0, t0, 1
    .endr
    ret
fw_calib_loop8:
    li t0, 8
1:  addi t0, t0, -1
    bnez t0, 1b
    ret
fw_calib_loaduse:
    lw t1, 0(sp)
    add t2, t1, t1
    ret
fw_calib_loadnouse:
    lw t1, 0(sp)
    addi t3, zero, 1
    add t2, t1, t1
    ret
fw_calib_jal:
    jal zero, 1f
    addi t0, t0, 1      /* skipped */
1:  addi t0, t0, 1
    ret
