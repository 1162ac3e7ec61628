/* Known-answer tests through the public API (see kat.h). */
#include "kat.h"

#include <stdlib.h>
#include <string.h>

#include "arxcrypt.h"
#include "hex.h"

static const char *const field_names[KAT_NFIELDS] = {"key", "iv", "aad", "pt", "ct", "tag"};

static void record_clear(arx_kat_record *r) {
    for (int i = 0; i < KAT_NFIELDS; i++) free(r->field[i]);
    memset(r, 0, sizeof *r);
}

/* One check: compare got with want, describe a mismatch in msg. */
static int same(const uint8_t *got, const uint8_t *want, size_t n, const char *what, char *msg, size_t cap) {
    if (n == 0 || memcmp(got, want, n) == 0) return 1;
    snprintf(msg, cap, "%s differs", what);
    return 0;
}

static int status_ok(int rc, const char *what, char *msg, size_t cap) {
    if (rc == ARX_OK) return 1;
    snprintf(msg, cap, "%s: %s", what, arx_strerror(rc));
    return 0;
}

static int all_zero(const uint8_t *p, size_t n) {
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++) acc |= p[i];
    return acc == 0;
}

/* XTS: the key pair in caller memory; encrypt, in-place decrypt, and when
 * the tweak is a plain64 sector number the many-sector call for it too. */
static int check_xts(const arx_kat_record *r, const arx_cipher *c, const char *backend, char *msg, size_t cap) {
    _Alignas(ARX_STORAGE_ALIGN) uint8_t mem[ARX_XTS_STORAGE_MAX];
    arx_xts *x = NULL;
    int rc = arx_xts_init(&x, mem, sizeof mem, c, r->field[KAT_KEY], r->len[KAT_KEY], backend);
    if (rc == ARX_ERR_BACKEND_UNAVAILABLE) return -1;
    if (!status_ok(rc, "xts key setup", msg, cap)) return 0;
    const size_t n = r->len[KAT_PT];
    uint8_t *buf = malloc(n + 1);
    int ok = buf != NULL && r->field[KAT_PT] && r->field[KAT_CT] && r->field[KAT_IV];
    if (!ok) snprintf(msg, cap, "out of memory or record without iv/pt/ct");
    if (ok && r->len[KAT_CT] != n) ok = 0, snprintf(msg, cap, "pt and ct lengths differ");
    const uint8_t *iv = r->field[KAT_IV], *pt = r->field[KAT_PT], *ct = r->field[KAT_CT];
    const size_t ivl = r->len[KAT_IV];
    ok = ok && status_ok(arx_xts_encrypt(x, iv, ivl, buf, pt, n), "encrypt", msg, cap) && same(buf, ct, n, "ciphertext", msg, cap) &&
         status_ok(arx_xts_decrypt(x, iv, ivl, buf, buf, n), "decrypt", msg, cap) && same(buf, pt, n, "in-place plaintext", msg, cap);
    if (ok && ivl == 16 && all_zero(iv + 8, 8)) {
        uint64_t sector = 0;
        for (int i = 7; i >= 0; i--) sector = sector << 8 | iv[i];
        ok = status_ok(arx_xts_encrypt_sectors(x, sector, n, 1, buf, pt), "encrypt_sectors", msg, cap) &&
             same(buf, ct, n, "sector ciphertext", msg, cap) &&
             status_ok(arx_xts_decrypt_sectors(x, sector, n, 1, buf, buf), "decrypt_sectors", msg, cap) &&
             same(buf, pt, n, "sector plaintext", msg, cap);
    }
    free(buf);
    arx_xts_free(x);
    return ok;
}

/* Returns 1 pass, 0 fail, -1 skip (backend not on this CPU). */
static int check_record(const arx_kat_record *r, const char *backend, char *msg, size_t cap) {
    const arx_cipher *c = arx_cipher_by_name(r->cipher);
    arx_mode mode;
    if (!c) return snprintf(msg, cap, "unknown cipher"), 0;
    if (arx_mode_by_name(r->mode, &mode)) return snprintf(msg, cap, "unknown mode"), 0;
    if (!r->field[KAT_KEY]) return snprintf(msg, cap, "record has no key"), 0;
    if (mode == ARX_MODE_XTS) return check_xts(r, c, backend, msg, cap);
    /* Every object in caller memory (the no-heap API), so the vectors also
     * run against a freestanding library; the other tests use the heap. */
    _Alignas(ARX_STORAGE_ALIGN) uint8_t key_mem[ARX_KEY_STORAGE_MAX];
    _Alignas(ARX_STORAGE_ALIGN) uint8_t ctx_mem[ARX_GCM_STORAGE_BYTES];
    arx_key *k = NULL;
    int rc = arx_key_init(&k, key_mem, sizeof key_mem, c, r->field[KAT_KEY], r->len[KAT_KEY], backend);
    if (rc == ARX_ERR_BACKEND_UNAVAILABLE) return -1;
    if (!status_ok(rc, "key setup", msg, cap)) return 0;

    static const uint8_t empty[1];
    const uint8_t *iv = r->field[KAT_IV] ? r->field[KAT_IV] : empty;
    const uint8_t *aad = r->field[KAT_AAD] ? r->field[KAT_AAD] : empty;
    const uint8_t *pt = r->field[KAT_PT] ? r->field[KAT_PT] : empty;
    const uint8_t *ct = r->field[KAT_CT] ? r->field[KAT_CT] : empty;
    const uint8_t *tag = r->field[KAT_TAG] ? r->field[KAT_TAG] : empty;
    size_t ivl = r->len[KAT_IV], aadl = r->len[KAT_AAD], n = r->len[KAT_PT], tl = r->len[KAT_TAG];
    uint8_t *buf = malloc(n + 1), *buf2 = malloc(n + 1), tbuf[16];
    int ok = buf && buf2;
    if (!ok) snprintf(msg, cap, "out of memory");
    if (ok && mode != ARX_MODE_CMAC && r->len[KAT_CT] != n) ok = 0, snprintf(msg, cap, "pt and ct lengths differ");

    switch (ok ? mode : ARX_MODE_COUNT_) {
    case ARX_MODE_ECB:
        ok = status_ok(arx_ecb_encrypt(k, buf, pt, n), "encrypt", msg, cap) && same(buf, ct, n, "ciphertext", msg, cap) &&
             status_ok(arx_ecb_decrypt(k, buf, buf, n), "decrypt", msg, cap) && same(buf, pt, n, "in-place plaintext", msg, cap);
        break;
    case ARX_MODE_CBC:
        ok = status_ok(arx_cbc_encrypt(k, iv, ivl, buf, pt, n), "encrypt", msg, cap) && same(buf, ct, n, "ciphertext", msg, cap) &&
             status_ok(arx_cbc_decrypt(k, iv, ivl, buf, buf, n), "decrypt", msg, cap) && same(buf, pt, n, "in-place plaintext", msg, cap);
        break;
    case ARX_MODE_CFB:
        ok = status_ok(arx_cfb_encrypt(k, iv, ivl, buf, pt, n), "encrypt", msg, cap) && same(buf, ct, n, "ciphertext", msg, cap) &&
             status_ok(arx_cfb_decrypt(k, iv, ivl, buf, buf, n), "decrypt", msg, cap) && same(buf, pt, n, "in-place plaintext", msg, cap);
        break;
    case ARX_MODE_OFB:
        ok = status_ok(arx_ofb_xor(k, iv, ivl, buf, pt, n), "encrypt", msg, cap) && same(buf, ct, n, "ciphertext", msg, cap) &&
             status_ok(arx_ofb_xor(k, iv, ivl, buf, buf, n), "decrypt", msg, cap) && same(buf, pt, n, "in-place plaintext", msg, cap);
        break;
    case ARX_MODE_CTR: {
        ok = status_ok(arx_ctr_xor(k, iv, ivl, buf, pt, n), "encrypt", msg, cap) && same(buf, ct, n, "ciphertext", msg, cap);
        arx_ctr *s = NULL;
        if (ok) ok = status_ok(arx_ctr_init(&s, ctx_mem, ARX_CTR_STORAGE_BYTES, k, iv, ivl), "ctr_init", msg, cap);
        if (ok) { /* streaming in uneven pieces: 1 byte, 7 bytes, the rest */
            size_t a = n < 1 ? n : 1, b = n - a < 7 ? n - a : 7;
            ok = status_ok(arx_ctr_update(s, buf2, ct, a), "update", msg, cap) &&
                 status_ok(arx_ctr_update(s, buf2 + a, ct + a, b), "update", msg, cap) &&
                 status_ok(arx_ctr_update(s, buf2 + a + b, ct + a + b, n - a - b), "update", msg, cap) &&
                 same(buf2, pt, n, "streamed plaintext", msg, cap);
        }
        arx_ctr_free(s);
        break;
    }
    case ARX_MODE_GCM: {
        ok = status_ok(arx_gcm_encrypt(k, iv, ivl, aad, aadl, buf, pt, n, tbuf, tl), "encrypt", msg, cap) &&
             same(buf, ct, n, "ciphertext", msg, cap) && same(tbuf, tag, tl, "tag", msg, cap) &&
             status_ok(arx_gcm_decrypt(k, iv, ivl, aad, aadl, buf2, ct, n, tag, tl), "decrypt", msg, cap) &&
             same(buf2, pt, n, "plaintext", msg, cap);
        arx_gcm *s = NULL;
        if (ok) ok = status_ok(arx_gcm_init(&s, ctx_mem, sizeof ctx_mem, k, iv, ivl), "gcm_init", msg, cap);
        if (ok) { /* streaming: AAD in two pieces, data in 3 + rest */
            size_t a1 = aadl / 2, p1 = n < 3 ? n : 3;
            ok = status_ok(arx_gcm_aad(s, aad, a1), "aad", msg, cap) &&
                 status_ok(arx_gcm_aad(s, aad + a1, aadl - a1), "aad", msg, cap) &&
                 status_ok(arx_gcm_encrypt_update(s, buf2, pt, p1), "update", msg, cap) &&
                 status_ok(arx_gcm_encrypt_update(s, buf2 + p1, pt + p1, n - p1), "update", msg, cap) &&
                 status_ok(arx_gcm_encrypt_final(s, tbuf, tl), "final", msg, cap) &&
                 same(buf2, ct, n, "streamed ciphertext", msg, cap) && same(tbuf, tag, tl, "streamed tag", msg, cap);
        }
        arx_gcm_free(s);
        if (ok && tl) { /* a flipped tag bit must fail and release nothing */
            memcpy(tbuf, tag, tl);
            tbuf[tl - 1] ^= 1;
            memset(buf2, 0xaa, n);
            rc = arx_gcm_decrypt(k, iv, ivl, aad, aadl, buf2, ct, n, tbuf, tl);
            if (rc != ARX_ERR_AUTH || !all_zero(buf2, n)) ok = 0, snprintf(msg, cap, "forged tag accepted or plaintext released");
        }
        break;
    }
    case ARX_MODE_CCM:
        ok = status_ok(arx_ccm_encrypt(k, iv, ivl, aad, aadl, buf, pt, n, tbuf, tl), "encrypt", msg, cap) &&
             same(buf, ct, n, "ciphertext", msg, cap) && same(tbuf, tag, tl, "tag", msg, cap) &&
             status_ok(arx_ccm_decrypt(k, iv, ivl, aad, aadl, buf2, ct, n, tag, tl), "decrypt", msg, cap) &&
             same(buf2, pt, n, "plaintext", msg, cap);
        if (ok && tl) {
            memcpy(tbuf, tag, tl);
            tbuf[0] ^= 0x80;
            memset(buf2, 0xaa, n);
            rc = arx_ccm_decrypt(k, iv, ivl, aad, aadl, buf2, ct, n, tbuf, tl);
            if (rc != ARX_ERR_AUTH || !all_zero(buf2, n)) ok = 0, snprintf(msg, cap, "forged tag accepted or plaintext released");
        }
        break;
    case ARX_MODE_CMAC:
        ok = status_ok(arx_cmac(k, pt, n, tbuf, tl), "cmac", msg, cap) && same(tbuf, tag, tl, "tag", msg, cap) &&
             status_ok(arx_cmac_verify(k, pt, n, tag, tl), "verify", msg, cap);
        if (ok && tl) {
            memcpy(tbuf, tag, tl);
            tbuf[tl / 2] ^= 0x10;
            if (arx_cmac_verify(k, pt, n, tbuf, tl) != ARX_ERR_AUTH) ok = 0, snprintf(msg, cap, "forged tag accepted");
        }
        break;
    default:
        break;
    }
    free(buf);
    free(buf2);
    arx_key_free(k);
    return ok;
}

static void run_record(const char *label, const arx_kat_record *r, const char *only, arx_kat_totals *t, FILE *log) {
    const arx_cipher *c = arx_cipher_by_name(r->cipher);
    size_t nb = c ? arx_cipher_backend_count(c) : 1;
    for (size_t b = 0; b < nb; b++) {
        const char *be = c ? arx_cipher_backend_name(c, b) : "ref";
        if (only && strcmp(only, be) != 0) continue;
        char msg[160] = "";
        int res = check_record(r, be, msg, sizeof msg);
        if (res < 0) {
            t->skipped++;
        } else if (res) {
            t->passed++;
        } else {
            t->failed++;
            fprintf(log, "FAIL %s:%d %s %s %s: %s\n", label, r->line, r->cipher, r->mode, be, msg);
        }
    }
}

void arx_kat_run_text(const char *label, const char *text, const char *only, arx_kat_totals *t, FILE *log) {
    arx_kat_record r;
    memset(&r, 0, sizeof r);
    int lineno = 0, have = 0, bad = 0;
    const char *p = text;
    for (;;) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        lineno++;
        /* strip comments and trailing blanks */
        const char *hash = memchr(p, '#', n);
        size_t m = hash ? (size_t)(hash - p) : n;
        while (m && (p[m - 1] == ' ' || p[m - 1] == '\t' || p[m - 1] == '\r')) m--;
        int blank = 1;
        for (size_t i = 0; i < n; i++)
            if (p[i] != ' ' && p[i] != '\t' && p[i] != '\r') blank = 0;
        if (!blank && m) {
            const char *eq = memchr(p, '=', m);
            if (!have) r.line = lineno;
            have = 1;
            if (!eq) {
                bad = 1;
            } else {
                size_t kl = (size_t)(eq - p);
                while (kl && (p[kl - 1] == ' ' || p[kl - 1] == '\t')) kl--;
                const char *v = eq + 1;
                while (v < p + m && (*v == ' ' || *v == '\t')) v++;
                size_t vl = (size_t)(p + m - v);
                int known = 0;
                if (kl == 6 && !memcmp(p, "cipher", 6) && vl < sizeof r.cipher) {
                    memcpy(r.cipher, v, vl);
                    known = 1;
                } else if (kl == 4 && !memcmp(p, "mode", 4) && vl < sizeof r.mode) {
                    memcpy(r.mode, v, vl);
                    known = 1;
                }
                for (int f = 0; f < KAT_NFIELDS && !known; f++) {
                    if (strlen(field_names[f]) == kl && !memcmp(p, field_names[f], kl)) {
                        free(r.field[f]);
                        r.field[f] = arx_hex_decode(v, vl, &r.len[f]);
                        if (!r.field[f]) bad = 1;
                        known = 1;
                    }
                }
                if (!known) bad = 1;
            }
        }
        if (blank || !eol) { /* a blank line (or the end) closes a record */
            if (have) {
                if (bad) {
                    t->failed++;
                    fprintf(log, "FAIL %s:%d: cannot parse record\n", label, r.line);
                } else {
                    run_record(label, &r, only, t, log);
                }
            }
            record_clear(&r);
            have = bad = 0;
            if (!eol) break;
        }
        p = eol + 1;
    }
}
