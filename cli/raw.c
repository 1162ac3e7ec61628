/*
 * arxcrypt raw: one cipher and mode over stdin (or -i FILE) to stdout (or
 * -o FILE), like `openssl enc -K -iv` plus AEAD. The whole input is read
 * first and nothing is written unless the operation succeeds, so a failed
 * tag or a bad argument never leaves partial output behind.
 * Exit: 0 success, 1 authentication failed, 2 any other error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arxcrypt.h"
#include "cli.h"

typedef struct {
    const char *cipher, *mode, *key, *iv, *aad, *tag_len, *backend, *in, *out, *threads;
    int pad, decrypt;
} raw_opts;

static int parse(int argc, char **argv, raw_opts *o) {
    memset(o, 0, sizeof *o);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = NULL;
        if (!strcmp(a, "-c") || !strcmp(a, "--cipher")) slot = &o->cipher;
        else if (!strcmp(a, "-m") || !strcmp(a, "--mode")) slot = &o->mode;
        else if (!strcmp(a, "-k") || !strcmp(a, "--key")) slot = &o->key;
        else if (!strcmp(a, "--iv") || !strcmp(a, "--nonce")) slot = &o->iv;
        else if (!strcmp(a, "--aad")) slot = &o->aad;
        else if (!strcmp(a, "--tag-len")) slot = &o->tag_len;
        else if (!strcmp(a, "--backend")) slot = &o->backend;
        else if (!strcmp(a, "--threads")) slot = &o->threads;
        else if (!strcmp(a, "-i") || !strcmp(a, "--in")) slot = &o->in;
        else if (!strcmp(a, "-o") || !strcmp(a, "--out")) slot = &o->out;
        else if (!strcmp(a, "--pad")) o->pad = 1;
        else if (!strcmp(a, "-d") || !strcmp(a, "--decrypt")) o->decrypt = 1;
        else if (!strcmp(a, "-e") || !strcmp(a, "--encrypt")) o->decrypt = 0;
        else return arx_cli_error("raw: unknown option '%s'", a), 2;
        if (slot) {
            if (i + 1 >= argc) return arx_cli_error("raw: option '%s' needs a value", a), 2;
            if (*slot) return arx_cli_error("raw: option '%s' given twice", a), 2;
            *slot = argv[++i];
        }
    }
    if (!o->cipher) return arx_cli_error("raw: missing -c CIPHER"), 2;
    if (!o->mode) return arx_cli_error("raw: missing -m MODE"), 2;
    if (!o->key) return arx_cli_error("raw: missing -k KEYHEX"), 2;
    return 0;
}

int arx_cmd_raw(int argc, char **argv) {
    if (arx_cli_has_gpu_flag(argc, argv)) {
#ifdef ARX_HAVE_CUDA
        return arx_cmd_raw_gpu(argc, argv);
#else
        arx_cli_error("raw --gpu: this arxcrypt was built without CUDA support (make cuda)");
        return 2;
#endif
    }
    raw_opts o;
    int rc = parse(argc, argv, &o);
    if (rc) return rc;

    const arx_cipher *c = arx_cipher_by_name(o.cipher);
    if (!c) return arx_cli_error("raw: unknown cipher '%s' (see 'arxcrypt list')", o.cipher), 2;
    arx_mode mode;
    if (arx_mode_by_name(o.mode, &mode))
        return arx_cli_error("raw: unknown mode '%s' (ecb cbc cfb ofb ctr gcm ccm cmac xts)", o.mode), 2;
    if (arx_mode_check(c, mode))
        return arx_cli_error("raw: mode %s is not defined for %s (%zu-bit block)", o.mode, o.cipher,
                             8 * arx_cipher_block_bytes(c)), 2;

    const int aead = mode == ARX_MODE_GCM || mode == ARX_MODE_CCM;
    const size_t bb = arx_cipher_block_bytes(c);
    if (o.pad && mode != ARX_MODE_CBC) return arx_cli_error("raw: --pad applies to cbc only"), 2;
    if (o.aad && !aead) return arx_cli_error("raw: --aad applies to gcm and ccm only"), 2;
    if (o.tag_len && !aead && mode != ARX_MODE_CMAC)
        return arx_cli_error("raw: --tag-len applies to gcm, ccm and cmac only"), 2;
    if (o.iv && (mode == ARX_MODE_ECB || mode == ARX_MODE_CMAC)) return arx_cli_error("raw: %s takes no --iv", o.mode), 2;
    if (!o.iv && mode != ARX_MODE_ECB && mode != ARX_MODE_CMAC) return arx_cli_error("raw: %s needs --iv", o.mode), 2;
    if (o.decrypt && mode == ARX_MODE_CMAC) return arx_cli_error("raw: cmac has no -d (it writes the tag)"), 2;

    unsigned long tl = mode == ARX_MODE_CMAC ? bb : 16, threads = 1;
    if (o.tag_len && !arx_cli_count(o.tag_len, 64, &tl))
        return arx_cli_error("raw: --tag-len '%s' is not a byte count", o.tag_len), 2;
    const size_t tag_len = tl;
    if (o.threads && !arx_cli_count(o.threads, 1024, &threads))
        return arx_cli_error("raw: --threads '%s' must be 0 (every core) to 1024", o.threads), 2;

    size_t key_len = 0, iv_len = 0, aad_len = 0, in_len = 0;
    uint8_t *key = NULL, *iv = NULL, *aad = NULL, *in = NULL, *out = NULL;
    arx_key *k = NULL;
    arx_xts *x = NULL; /* xts: the key pair, in place of k */
    int status = 2;
    uint8_t tag[64];

    if (!(key = arx_cli_hex("raw", "the key", o.key, &key_len))) goto done;
    if (o.iv && !(iv = arx_cli_hex("raw", "--iv", o.iv, &iv_len))) goto done;
    if (o.aad && !(aad = arx_cli_hex("raw", "--aad", o.aad, &aad_len))) goto done;

    const size_t want_key = (mode == ARX_MODE_XTS ? 2 : 1) * arx_cipher_key_bytes(c);
    rc = mode == ARX_MODE_XTS ? arx_xts_new(&x, c, key, key_len, o.backend) : arx_key_new(&k, c, key, key_len, o.backend);
    if (rc == ARX_ERR_KEY_LENGTH) {
        arx_cli_error("raw: %s%s needs a %zu-byte key (%zu hex digits%s), got %zu bytes", o.cipher,
                      mode == ARX_MODE_XTS ? "-xts" : "", want_key, 2 * want_key,
                      mode == ARX_MODE_XTS ? ": data key then tweak key" : "", key_len);
        goto done;
    }
    if (rc) {
        arx_cli_error("raw: %s%s%s", arx_strerror(rc), o.backend ? ": " : "", o.backend ? o.backend : "");
        goto done;
    }
    if (x) arx_xts_set_threads(x, (unsigned)threads);
    else arx_key_set_threads(k, (unsigned)threads); /* in range: checked above */
    if (!(in = arx_cli_read_all("raw", o.in, &in_len))) {
        status = ARX_EXIT_IO; /* or out of memory for it */
        goto done;
    }

    size_t out_len = in_len, nwrite = 0;
    const uint8_t *tag_in = NULL;
    if (aead && o.decrypt) { /* input is ciphertext || tag */
        if (in_len < tag_len) {
            /* Too short to hold a tag. Let the library judge the nonce and tag
             * length first (a bad parameter is exit 2, not an auth failure);
             * whatever it says about the dummy tag, nothing is written. */
            uint8_t dummy[64] = {0};
            rc = mode == ARX_MODE_GCM ? arx_gcm_decrypt(k, iv, iv_len, aad, aad_len, NULL, NULL, 0, dummy, tag_len)
                                      : arx_ccm_decrypt(k, iv, iv_len, aad, aad_len, NULL, NULL, 0, dummy, tag_len);
            if (rc != ARX_OK && rc != ARX_ERR_AUTH) goto report;
            fprintf(stderr, "authentication failed (input shorter than the %zu-byte tag)\n", tag_len);
            status = 1;
            goto done;
        }
        out_len = in_len - tag_len;
        tag_in = in + out_len;
    }
    out = malloc(in_len + 2 * bb + 1);
    if (!out) {
        arx_cli_error("raw: out of memory");
        goto done;
    }

    nwrite = out_len;
    switch (mode) {
    case ARX_MODE_ECB:
        rc = o.decrypt ? arx_ecb_decrypt(k, out, in, in_len) : arx_ecb_encrypt(k, out, in, in_len);
        break;
    case ARX_MODE_CBC:
        if (o.pad)
            rc = o.decrypt ? arx_cbc_decrypt_pad(k, iv, iv_len, out, in_len + 2 * bb, &nwrite, in, in_len)
                           : arx_cbc_encrypt_pad(k, iv, iv_len, out, in_len + 2 * bb, &nwrite, in, in_len);
        else
            rc = o.decrypt ? arx_cbc_decrypt(k, iv, iv_len, out, in, in_len) : arx_cbc_encrypt(k, iv, iv_len, out, in, in_len);
        break;
    case ARX_MODE_CFB:
        rc = o.decrypt ? arx_cfb_decrypt(k, iv, iv_len, out, in, in_len) : arx_cfb_encrypt(k, iv, iv_len, out, in, in_len);
        break;
    case ARX_MODE_OFB:
        rc = arx_ofb_xor(k, iv, iv_len, out, in, in_len);
        break;
    case ARX_MODE_CTR:
        rc = arx_ctr_xor(k, iv, iv_len, out, in, in_len);
        break;
    case ARX_MODE_GCM:
    case ARX_MODE_CCM: {
        int gcm = mode == ARX_MODE_GCM;
        if (o.decrypt) {
            rc = gcm ? arx_gcm_decrypt(k, iv, iv_len, aad, aad_len, out, in, out_len, tag_in, tag_len)
                     : arx_ccm_decrypt(k, iv, iv_len, aad, aad_len, out, in, out_len, tag_in, tag_len);
        } else {
            rc = gcm ? arx_gcm_encrypt(k, iv, iv_len, aad, aad_len, out, in, in_len, tag, tag_len)
                     : arx_ccm_encrypt(k, iv, iv_len, aad, aad_len, out, in, in_len, tag, tag_len);
            if (rc == ARX_OK) {
                memcpy(out + in_len, tag, tag_len);
                nwrite = in_len + tag_len;
            }
        }
        break;
    }
    case ARX_MODE_XTS:
        rc = o.decrypt ? arx_xts_decrypt(x, iv, iv_len, out, in, in_len) : arx_xts_encrypt(x, iv, iv_len, out, in, in_len);
        break;
    case ARX_MODE_CMAC:
        rc = arx_cmac(k, in, in_len, out, tag_len);
        nwrite = tag_len;
        break;
    default:
        rc = ARX_ERR_UNKNOWN_MODE;
    }

report:
    if (rc == ARX_ERR_AUTH) {
        fprintf(stderr, "authentication failed\n");
        status = 1;
    } else if (rc == ARX_ERR_IV_LENGTH) {
        const char *want = mode == ARX_MODE_GCM ? "at least 1 byte" : mode == ARX_MODE_CCM ? "7 to 13 bytes" : "one block";
        arx_cli_error("raw: wrong --iv length for %s-%s: got %zu bytes, need %s%s", o.cipher, o.mode, iv_len, want,
                      mode == ARX_MODE_GCM || mode == ARX_MODE_CCM ? "" : (bb == 16 ? " (16)" : bb == 8 ? " (8)" : ""));
    } else if (rc == ARX_ERR_TAG_LENGTH) {
        arx_cli_error("raw: --tag-len %zu not allowed for %s (%s)", tag_len, o.mode,
                      mode == ARX_MODE_GCM ? "4..16" : mode == ARX_MODE_CCM ? "4, 6, 8, 10, 12, 14 or 16" : "4..block bytes");
    } else if (rc == ARX_ERR_LENGTH && mode == ARX_MODE_XTS) {
        arx_cli_error("raw: input is %zu bytes; xts needs at least 16 (one block)", in_len);
    } else if (rc == ARX_ERR_TOO_LONG && mode == ARX_MODE_XTS) {
        arx_cli_error("raw: input is %zu bytes; an xts data unit holds at most 2^20 blocks (16 MiB)", in_len);
    } else if (rc == ARX_ERR_LENGTH) {
        arx_cli_error("raw: input is %zu bytes, not a multiple of the %zu-byte block%s", in_len, bb,
                      mode == ARX_MODE_CBC ? " (use --pad for PKCS#7)" : "");
    } else if (rc) {
        arx_cli_error("raw: %s", arx_strerror(rc));
    } else {
        status = arx_cli_write_all("raw", o.out, out, nwrite);
    }

done:
    if (key) arx_wipe(key, key_len);
    if (out) arx_wipe(out, in_len + 2 * bb + 1);
    if (in) arx_wipe(in, in_len);
    free(key);
    free(iv);
    free(aad);
    free(in);
    free(out);
    arx_key_free(k);
    arx_xts_free(x);
    return status;
}
