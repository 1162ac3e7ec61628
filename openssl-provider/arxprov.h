/*
 * arxcrypt's OpenSSL 3 provider: what the provider entry (arxprov.c), the
 * ciphers (cipher.c) and the MACs (cmac.c) share. Everything here calls the
 * library through include/arxcrypt.h only; no mode, padding or tag check is
 * done in this folder.
 */
#ifndef ARXPROV_H
#define ARXPROV_H

#include <stdatomic.h>
#include <stddef.h>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#include "arxcrypt.h"

/* One algorithm the provider registers: an arxcrypt cipher in one mode. */
typedef struct arxp_alg {
    const char *cipher; /* arxcrypt's name, e.g. "lea-128" */
    arx_mode mode;      /* ECB, CBC, CTR, GCM, CCM or CMAC */
} arxp_alg;

/* An expanded key shared by a context and its copies (EVP_CIPHER_CTX_copy,
 * EVP_MAC_CTX_dup): arx_key is read-only once made, so sharing is safe; the
 * last reference wipes and frees it (arx_key_free). */
typedef struct arxp_key {
    atomic_int refs;
    arx_key *k;
} arxp_key;

int arxp_key_make(arxp_key **out, const arx_cipher *c, const unsigned char *key, size_t len);
arxp_key *arxp_key_ref(arxp_key *key);
void arxp_key_unref(arxp_key *key);

/* Raise an OpenSSL error (ERR_LIB_PROV) for a failed library call `rc`, with
 * arx_strerror(rc) as its data. */
void arxp_raise(int rc);

/* Per-algorithm tables (cipher.c, cmac.c), NULL-terminated by dispatch == NULL. */
typedef struct arxp_impl {
    const char *cipher;
    arx_mode mode;
    const OSSL_DISPATCH *dispatch;
} arxp_impl;
extern const arxp_impl arxp_cipher_impls[];
extern const arxp_impl arxp_mac_impls[];

/*
 * Every cipher of the library, by its arxcrypt name and a C identifier. The
 * provider registers each one the library still knows (arx_cipher_by_name)
 * in each mode the library allows for it (arx_mode_check); the EVP test
 * checks that every cipher of `arxcrypt list` is reachable, so a cipher
 * added to the library and not here fails it.
 */
#define ARXP_CIPHERS(X)                                                                         \
    X(lea_128, "lea-128") X(lea_192, "lea-192") X(lea_256, "lea-256")                           \
    X(cham_64_128, "cham-64-128") X(cham_128_128, "cham-128-128")                               \
    X(cham_128_256, "cham-128-256") X(cham_64_128_legacy, "cham-64-128-legacy")                 \
    X(cham_128_128_legacy, "cham-128-128-legacy") X(cham_128_256_legacy, "cham-128-256-legacy") \
    X(hight, "hight")                                                                           \
    X(speck_32_64, "speck-32-64") X(speck_48_72, "speck-48-72") X(speck_48_96, "speck-48-96")   \
    X(speck_64_96, "speck-64-96") X(speck_64_128, "speck-64-128") X(speck_96_96, "speck-96-96") \
    X(speck_96_144, "speck-96-144") X(speck_128_128, "speck-128-128")                           \
    X(speck_128_192, "speck-128-192") X(speck_128_256, "speck-128-256")                         \
    X(simon_32_64, "simon-32-64") X(simon_48_72, "simon-48-72") X(simon_48_96, "simon-48-96")   \
    X(simon_64_96, "simon-64-96") X(simon_64_128, "simon-64-128") X(simon_96_96, "simon-96-96") \
    X(simon_96_144, "simon-96-144") X(simon_128_128, "simon-128-128")                           \
    X(simon_128_192, "simon-128-192") X(simon_128_256, "simon-128-256")                         \
    X(simeck_32_64, "simeck-32-64") X(simeck_48_96, "simeck-48-96")                             \
    X(simeck_64_128, "simeck-64-128")                                                           \
    X(sparx_64_128, "sparx-64-128") X(sparx_128_128, "sparx-128-128")                           \
    X(sparx_128_256, "sparx-128-256")

#endif
