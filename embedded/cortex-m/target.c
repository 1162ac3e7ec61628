/* Cortex-M3/M4 target glue for embedded/fw32/fw.c. */
#include "fw_target.h"

/* QEMU keeps no cycle or instruction count for M-profile guests (no DWT
 * CYCCNT): the host counts from the execution trace (embedded/cycles.py). */
uint32_t fw_instret(void) { return 0; }

void fw_calib_empty(void), fw_calib_add10(void), fw_calib_loop8(void), fw_calib_ldrpair(void),
    fw_calib_ldrsplit(void), fw_calib_pushpop(void), fw_calib_umull(void);
const fw_calib_fn fw_calib[] = {fw_calib_empty, fw_calib_add10, fw_calib_loop8, fw_calib_ldrpair,
                                fw_calib_ldrsplit, fw_calib_pushpop, fw_calib_umull};
const unsigned fw_calib_count = sizeof fw_calib / sizeof fw_calib[0];
