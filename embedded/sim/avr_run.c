/*
 * avr_run: runs the test firmware (embedded/fw/main.c) on simavr's core
 * and counts its cycles. simavr's core charges each instruction the cycles
 * of the AVR instruction set manual (avr->cycle), so the counts are exact
 * for code without interrupts or peripherals, which is all this firmware is.
 *
 * usage: avr_run ELF MCU MBOX_ADDR MBOX_BYTES MARK_ADDR [MAX_CYCLES]
 *   stdin:  the request, written into RAM at MBOX_ADDR after the reset
 *           vector's jump (the mailbox lives in .noinit, so startup keeps it)
 *   stdout: the MBOX_BYTES of the mailbox when the firmware stops
 *   stderr: one line "mark ID CYCLE SP_MIN" each time the CPU enters
 *           fw_mark (byte address MARK_ADDR; ID is its argument, r24),
 *           SP_MIN the lowest stack pointer since the previous mark, and at
 *           the end "end CYCLE SP_MIN STATE".
 * Exit: 0 when the firmware stopped (sleep with interrupts off), 3 on a
 * crash or when MAX_CYCLES (default 2e9) pass.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim_avr.h"
#include "sim_elf.h"

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: avr_run ELF MCU MBOX_ADDR MBOX_BYTES MARK_ADDR [MAX_CYCLES]\n");
        return 2;
    }
    /* simavr's loader talks on stdout: keep stdout for the mailbox alone */
    fflush(stdout);
    int outfd = dup(1);
    dup2(2, 1);
    elf_firmware_t fw;
    memset(&fw, 0, sizeof fw);
    if (elf_read_firmware(argv[1], &fw)) {
        fprintf(stderr, "avr_run: cannot read %s\n", argv[1]);
        return 2;
    }
    avr_t *avr = avr_make_mcu_by_name(argv[2]);
    if (!avr) {
        fprintf(stderr, "avr_run: simavr has no core '%s'\n", argv[2]);
        return 2;
    }
    avr_init(avr);
    avr->log = 0;
    fw.frequency = 16000000;
    avr_load_firmware(avr, &fw);
    unsigned long mbox = strtoul(argv[3], NULL, 0), mbox_n = strtoul(argv[4], NULL, 0);
    unsigned long mark = strtoul(argv[5], NULL, 0);
    unsigned long long max_cycles = argc > 6 ? strtoull(argv[6], NULL, 0) : 2000000000ull;
    if (mbox + mbox_n > avr->ramend + 1u) {
        fprintf(stderr, "avr_run: mailbox past RAMEND\n");
        return 2;
    }
    static unsigned char req[65536];
    size_t n = fread(req, 1, mbox_n, stdin);
    int loaded = 0;

    unsigned sp_min = 0xffff;
    int state = cpu_Running;
    while (1) {
        if (avr->pc == mark) {
            fprintf(stderr, "mark %u %llu %u\n", avr->data[24], (unsigned long long)avr->cycle, sp_min);
            sp_min = 0xffff;
        }
        state = avr_run(avr);
        if (!loaded) { /* after the reset (which clears RAM), before startup code */
            memcpy(avr->data + mbox, req, n);
            loaded = 1;
        }
        unsigned sp = avr->data[0x5d] | (unsigned)avr->data[0x5e] << 8;
        if (sp < sp_min) sp_min = sp;
        if (state == cpu_Done || state == cpu_Crashed) break;
        if (avr->cycle > max_cycles) {
            state = cpu_Crashed;
            break;
        }
    }
    fprintf(stderr, "end %llu %u %d\n", (unsigned long long)avr->cycle, sp_min, state);
    fflush(stdout);
    for (size_t done = 0; done < mbox_n;) {
        ssize_t w = write(outfd, avr->data + mbox + done, mbox_n - done);
        if (w <= 0) return 2;
        done += (size_t)w;
    }
    return state == cpu_Done ? 0 : 3;
}
