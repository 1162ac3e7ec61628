; uint64 multiply helper in clang's MSP430 "builtin" calling convention:
; one operand in R8 (low word) .. R11, the other in R12 .. R15, product in
; R12 .. R15. The R8-R11 operand is pushed as the ordinary convention's
; stack argument of arx_msp430_mpyll (multiplication commutes, so which
; operand is which does not matter); R8-R11 are left as they were.
        .section .text.__mspabi_mpyll,"ax",@progbits
        .global __mspabi_mpyll
__mspabi_mpyll:
        push    r11
        push    r10
        push    r9
        push    r8
        call    #arx_msp430_mpyll
        add     #8, r1
        ret
