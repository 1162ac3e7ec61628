/* Hex decoding for the CLI and the vector files. */
#ifndef ARX_CLI_HEX_H
#define ARX_CLI_HEX_H

#include <stddef.h>
#include <stdint.h>

/* Decode the hex digits of s[0..n) (n even) into a new buffer (at least 1
 * byte allocated, so an empty value is a valid pointer). Returns NULL on an
 * odd length, a non-hex character or no memory. *len gets the byte count. */
uint8_t *arx_hex_decode(const char *s, size_t n, size_t *len);

#endif
