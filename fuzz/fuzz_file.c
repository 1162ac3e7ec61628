/*
 * fuzz_file: the library's file-format reader (arx_file_*, docs/FORMAT.md)
 * on any bytes (libFuzzer).
 *
 * Input: [0] a seed for the split sizes, then a whole .arx file. The key is
 * the key file of tests/vectors/file-v1 (key.bin), so the committed
 * known-answer files, used as seeds, open, and their mutations reach every
 * reader check and the chunk logic.
 *
 * Properties:
 *  - arx_file_header_parse never reads past its input and, on ARX_OK, gives
 *    a header in the format's bounds.
 *  - For a key-file header: the stream read in one update + final and read
 *    in fuzzer-chosen pieces gives the same verdict and the same released
 *    bytes (any split gives the same output).
 *  - After a failure every further update and final returns ARX_ERR_STATE.
 *  - A stream that opens (final ARX_OK) is authentic: sealing the released
 *    plaintext again under the same header gives back the input byte for
 *    byte (the header tag and every chunk tag were genuinely right).
 * Every buffer is a heap block of exactly its length (ASan sees overruns).
 */
#include "arxcrypt.h"
#include "fuzz_input.h"

static const uint8_t key_file[32] = {0x4c, 0x27, 0x51, 0x59, 0x6d, 0x47, 0x61, 0xf2, 0x2f, 0xc8, 0x0c,
                                     0xe4, 0xc3, 0x27, 0xee, 0x78, 0xdf, 0xc4, 0x05, 0xac, 0x5d, 0x4a,
                                     0x56, 0x84, 0xd5, 0xc1, 0x12, 0x2a, 0xc6, 0xd7, 0xec, 0x25};

static void fail(const char *what) {
    fprintf(stderr, "fuzz_file: %s\n", what);
    abort();
}

typedef struct {
    int verdict;     /* ARX_OK, or the first error */
    uint8_t *out;    /* released bytes */
    size_t out_len;
} reading;

/* Read body (the bytes after the header) through update/final in pieces from
 * the split generator (splits == 0: one piece). */
static reading read_body(const uint8_t raw[ARX_FILE_HEADER_BYTES], const arx_file_keys *keys, const uint8_t *body,
                         size_t n, uint32_t splits) {
    reading r = {ARX_OK, fz_alloc(n), 0};
    arx_file *f;
    r.verdict = arx_file_open_new(&f, raw, keys);
    if (r.verdict) return r;
    size_t at = 0;
    while (at < n && r.verdict == ARX_OK) {
        size_t piece = n - at;
        if (splits) {
            splits = splits * 1103515245u + 12345u;
            piece = 1 + (splits >> 8) % (piece < 2100 ? piece : 2100);
        }
        size_t cap = arx_file_update_size(f, piece), got = 0;
        uint8_t *buf = fz_alloc(cap);
        r.verdict = arx_file_update(f, buf, cap, &got, body + at, piece);
        if (got > cap || r.out_len + got > n) fail("update wrote more than it said");
        memcpy(r.out + r.out_len, buf, got);
        r.out_len += got;
        free(buf);
        at += piece;
    }
    if (r.verdict == ARX_OK) {
        size_t cap = arx_file_final_size(f), got = 0;
        uint8_t *buf = fz_alloc(cap);
        r.verdict = arx_file_final(f, buf, cap, &got);
        if (got > cap || r.out_len + got > n) fail("final wrote more than it said");
        memcpy(r.out + r.out_len, buf, got);
        r.out_len += got;
        free(buf);
    }
    if (r.verdict != ARX_OK) {
        uint8_t one[1];
        size_t got = 1;
        if (arx_file_update(f, one, sizeof one, &got, body, 0) != ARX_ERR_STATE || got != 0 ||
            arx_file_final(f, one, 0, &got) != ARX_ERR_STATE)
            fail("a failed reader accepted another call");
    }
    arx_file_free(f);
    return r;
}

/* Seal pt under h and keys in one update + final: must give raw || body. */
static void check_reseal(const arx_file_header *h, const arx_file_keys *keys, const uint8_t *raw, const uint8_t *body,
                         size_t n, const uint8_t *pt, size_t len) {
    arx_file *f;
    uint8_t hdr[ARX_FILE_HEADER_BYTES];
    if (arx_file_seal_new(&f, h, keys, hdr) != ARX_OK) fail("sealing under a header that opened failed");
    if (memcmp(hdr, raw, sizeof hdr)) fail("an opened header does not re-encode to its bytes");
    size_t cap = arx_file_update_size(f, len), a = 0, b = 0;
    uint8_t *out = fz_alloc(cap);
    if (arx_file_update(f, out, cap, &a, pt, len) != ARX_OK) fail("reseal update");
    size_t fcap = arx_file_final_size(f); /* known once the update has run */
    uint8_t *tail = fz_alloc(fcap);
    if (arx_file_final(f, tail, fcap, &b) != ARX_OK) fail("reseal final");
    if (a + b != n || memcmp(out, body, a) || memcmp(tail, body + a, b))
        fail("a stream that opened is not what sealing its plaintext gives");
    free(tail);
    free(out);
    arx_file_free(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    const uint32_t seed = data[0];
    const uint8_t *file = data + 1;
    const size_t n = size - 1;

    arx_file_header h;
    uint8_t *head = fz_dup(file, n < ARX_FILE_HEADER_BYTES ? n : ARX_FILE_HEADER_BYTES);
    int rc = arx_file_header_parse(&h, head, n < ARX_FILE_HEADER_BYTES ? n : ARX_FILE_HEADER_BYTES);
    free(head);
    if (rc != ARX_OK) return 0;
    if (h.chunk_bytes < ARX_FILE_CHUNK_MIN || h.chunk_bytes > ARX_FILE_CHUNK_MAX) fail("parse accepted a bad chunk size");
    const arx_cipher *c = arx_cipher_by_name(h.cipher);
    if (!c || arx_mode_check(c, ARX_MODE_GCM) != ARX_OK) fail("parse accepted a cipher files cannot use");
    if (h.kdf != ARX_FILE_KDF_KEYFILE) return 0; /* scrypt per input would be too slow */

    uint8_t ikm[ARX_FILE_IKM_BYTES];
    arx_file_keys keys;
    if (arx_file_ikm(&h, key_file, sizeof key_file, ikm) != ARX_OK) fail("key-file IKM");
    /* Without libcrypto nothing past the header would run: say so, do not pass. */
    if (arx_file_derive_keys(&h, ikm, &keys) != ARX_OK) fail("key derivation failed (a build without libcrypto?)");

    uint8_t *raw = fz_dup(file, ARX_FILE_HEADER_BYTES);
    uint8_t *body = fz_dup(file + ARX_FILE_HEADER_BYTES, n - ARX_FILE_HEADER_BYTES);
    const size_t blen = n - ARX_FILE_HEADER_BYTES;
    reading whole = read_body(raw, &keys, body, blen, 0);
    reading split = read_body(raw, &keys, body, blen, seed | 0x100u);
    if (whole.verdict != split.verdict) fail("one piece and many pieces gave different verdicts");
    if (whole.out_len != split.out_len || fz_diff_at(whole.out, split.out, whole.out_len) != whole.out_len)
        fail("one piece and many pieces released different bytes");
    if (whole.verdict == ARX_OK) check_reseal(&h, &keys, raw, body, blen, whole.out, whole.out_len);

    free(whole.out);
    free(split.out);
    free(raw);
    free(body);
    arx_wipe(&keys, sizeof keys);
    arx_wipe(ikm, sizeof ikm);
    return 0;
}
