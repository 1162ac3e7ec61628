/*
 * What embedded/fw32/fw.c needs from its target (embedded/rv32i/target.c,
 * embedded/cortex-m/target.c): a retired-instruction counter and the
 * hand-counted calibration sequences of the target's calib.S.
 */
#ifndef ARX_FW_TARGET_H
#define ARX_FW_TARGET_H

#include <stdint.h>

/* Retired instructions so far (RV32I: the instret CSR, exact under QEMU's
 * -icount shift=0); 0 where the target has none the emulator keeps (Cortex-M:
 * the host counts from the execution trace instead). */
uint32_t fw_instret(void);

/* calib.S: fw_calib[0] is an empty function; fw_calib[i] - fw_calib[0] is a
 * sequence whose instructions and modelled cycles embedded/cycles.py states
 * by hand and checks. */
typedef void (*fw_calib_fn)(void);
extern const fw_calib_fn fw_calib[];
extern const unsigned fw_calib_count;

#endif
