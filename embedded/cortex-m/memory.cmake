# MPS2 AN385/AN386 in QEMU: 4 MiB SSRAM1 at 0 (code, vector table), 4 MiB
# SSRAM2/3 at 0x20000000 (data, stack). Zero wait states, as the model assumes.
set(ARX_MCU_MEMORY "-Wl,--defsym=__flash=0x0 -Wl,--defsym=__flash_size=0x400000 -Wl,--defsym=__ram=0x20000000 -Wl,--defsym=__ram_size=0x400000")
