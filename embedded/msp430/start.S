; Reset: stack at the top of RAM, .data copied from flash, .bss zeroed
; (.noinit, the mailbox, is left as the host wrote it), then main; fw_halt
; stops the CPU (CPUOFF with interrupts off: mspdebug's simulator stops).
        .section .text.start,"ax",@progbits
        .global _start
_start:
        mov     #__stack, r1
        mov     #0x5a80, &0x0120        ; WDTCTL = WDTPW | WDTHOLD
        mov     #__data_load, r12
        mov     #__data_start, r13
1:      cmp     #__data_end, r13
        jhs     2f
        mov     @r12+, r14
        mov     r14, 0(r13)
        incd    r13
        jmp     1b
2:      mov     #__bss_start, r13
3:      cmp     #__bss_end, r13
        jhs     4f
        mov     #0, 0(r13)
        incd    r13
        jmp     3b
4:      call    #main
        .global fw_halt
fw_halt:
        dint
        nop
        bis     #0x0010, r2             ; CPUOFF
        jmp     fw_halt
