/* RV32I target glue for embedded/fw32/fw.c. */
#include "fw_target.h"

uint32_t fw_instret(void) {
    uint32_t n;
    __asm__ volatile("rdinstret %0" : "=r"(n));
    return n;
}

void fw_calib_empty(void), fw_calib_add10(void), fw_calib_loop8(void), fw_calib_loaduse(void),
    fw_calib_loadnouse(void), fw_calib_jal(void);
const fw_calib_fn fw_calib[] = {fw_calib_empty, fw_calib_add10, fw_calib_loop8, fw_calib_loaduse,
                                fw_calib_loadnouse, fw_calib_jal};
const unsigned fw_calib_count = sizeof fw_calib / sizeof fw_calib[0];
