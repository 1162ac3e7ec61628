; Stop the simulated CPU: sleep with interrupts off (simavr ends the run
; there, "cpu_Done").
        .section .text.fw_halt,"ax",@progbits
        .global fw_halt
fw_halt:
        cli
        sleep
        rjmp fw_halt
