/*
 * arxcrypt._arxcrypt: the CPython extension under the arxcrypt package.
 *
 * It maps Python's calling shapes onto include/arxcrypt.h and nothing else:
 * every mode, padding, tag check and comparison is the library's. Written
 * against the limited API of CPython 3.11 (Py_LIMITED_API = 0x030B0000, set
 * by python/CMakeLists.txt) so one cp311-abi3 wheel serves 3.11 and later;
 * 3.11 is the first limited API with the buffer protocol.
 *
 * Inputs come in through the buffer protocol without a copy (bytes,
 * bytearray, memoryview, array, numpy...); outputs go into a new bytes object
 * or, for update_into, the caller's writable buffer. Calls on more than
 * gil_threshold bytes release the GIL around the library call; objects a
 * call with the GIL released works on are marked busy, so another thread
 * cannot free or change them meanwhile.
 *
 * Objects:
 *   Key            an arx_key (cipher, key, backend); read-only, shared by
 *                  the Cipher contexts and CMAC objects made from it
 *   GCM, CCM       one-shot AEAD (aead.GCM/CCM subclass them in Python)
 *   CipherContext  a streaming encryptor or decryptor (Cipher.encryptor())
 *   CMAC           update/finalize/verify/copy over arx_cmac
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <arxcrypt.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#if !defined(Py_LIMITED_API) || Py_LIMITED_API + 0 < 0x030B0000
#error "build with Py_LIMITED_API=0x030B0000 (python/CMakeLists.txt sets it)"
#endif

/* Calls on at least this many bytes release the GIL. Releasing and taking it
 * back costs about 0.1 us, a few percent of a 4 KiB call at the library's
 * speed; under it the call is too short for another thread to gain much.
 * _set_gil_threshold changes it for the tests. */
static Py_ssize_t gil_threshold = 4096;

#define RUN_RELEASED(len, stmt)                                                                    \
    do {                                                                                           \
        if ((Py_ssize_t)(len) >= gil_threshold) {                                                  \
            Py_BEGIN_ALLOW_THREADS stmt;                                                           \
            Py_END_ALLOW_THREADS                                                                   \
        } else {                                                                                   \
            stmt;                                                                                  \
        }                                                                                          \
    } while (0)

static PyObject *InvalidTag, *InvalidSignature, *AlreadyFinalized, *AlreadyUpdated, *NotYetFinalized,
    *UnsupportedAlgorithm;
static PyTypeObject *KeyType, *GCMType, *CCMType, *ContextType, *CMACType, *XTSType;

/* ---- helpers ------------------------------------------------------------------ */

static void free_self(PyObject *self) {
    PyTypeObject *tp = Py_TYPE(self);
    freefunc f = (freefunc)PyType_GetSlot(tp, Py_tp_free);
    f(self);
    Py_DECREF(tp); /* instances of heap types own a reference to their type */
}

/* A readable contiguous buffer, with the parameter's name in the error.
 * bytes, the common case, skips the buffer protocol (about 20 ns a call of
 * the 64-byte AEAD's ~300): immutable, and kept alive by the caller's
 * reference for the whole call; v->obj stays NULL so release() skips it. */
static int get_in(PyObject *o, Py_buffer *v, const char *what) {
    if (PyBytes_CheckExact(o)) {
        char *p;
        Py_ssize_t n;
        if (PyBytes_AsStringAndSize(o, &p, &n) < 0) return -1;
        memset(v, 0, sizeof *v);
        v->buf = p;
        v->len = n;
        return 0;
    }
    if (PyObject_GetBuffer(o, v, PyBUF_SIMPLE) == 0) return 0;
    if (PyErr_ExceptionMatches(PyExc_TypeError)) {
        PyErr_Clear();
        PyObject *tn = PyType_GetName(Py_TYPE(o));
        PyErr_Format(PyExc_TypeError, "%s must be bytes-like (bytes, bytearray, memoryview), not %S", what,
                     tn ? tn : Py_None);
        Py_XDECREF(tn);
    } else if (PyErr_ExceptionMatches(PyExc_BufferError)) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s must be a C-contiguous buffer", what);
    }
    return -1;
}

/* Optional input: None is empty. */
static int get_in_opt(PyObject *o, Py_buffer *v, const char *what) {
    if (o == NULL || o == Py_None) {
        memset(v, 0, sizeof *v);
        return 0;
    }
    return get_in(o, v, what);
}

static void release(Py_buffer *v) {
    if (v->obj) PyBuffer_Release(v);
}

static int get_out(PyObject *o, Py_buffer *v, const char *what) {
    if (PyObject_GetBuffer(o, v, PyBUF_WRITABLE) == 0) return 0;
    if (PyErr_ExceptionMatches(PyExc_TypeError) || PyErr_ExceptionMatches(PyExc_BufferError)) {
        PyErr_Clear();
        PyObject *tn = PyType_GetName(Py_TYPE(o));
        PyErr_Format(PyExc_TypeError, "%s must be a writable C-contiguous buffer (bytearray, memoryview of one), not %S",
                     what, tn ? tn : Py_None);
        Py_XDECREF(tn);
    }
    return -1;
}

static PyObject *new_bytes(Py_ssize_t n, uint8_t **p) {
    PyObject *b = PyBytes_FromStringAndSize(NULL, n);
    if (b) *p = (uint8_t *)PyBytes_AsString(b);
    return b;
}

/* Argument parsing for METH_FASTCALL | METH_KEYWORDS, which the limited API
 * leaves to us. out[] holds defaults on entry; the first `required` of the
 * `n` names must be given. */
static int parse_fast(const char *fn, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                      const char *const *names, int n, int required, PyObject **out) {
    unsigned seen = 0;
    if (nargs > n) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most %d arguments (%zd given)", fn, n, nargs);
        return -1;
    }
    for (Py_ssize_t i = 0; i < nargs; i++) {
        out[i] = args[i];
        seen |= 1u << i;
    }
    Py_ssize_t nk = kwnames ? PyTuple_Size(kwnames) : 0;
    for (Py_ssize_t j = 0; j < nk; j++) {
        PyObject *kw = PyTuple_GetItem(kwnames, j);
        int i = 0;
        while (i < n && PyUnicode_CompareWithASCIIString(kw, names[i]) != 0) i++;
        if (i == n) {
            PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'", fn, kw);
            return -1;
        }
        if (seen & (1u << i)) {
            PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", fn, names[i]);
            return -1;
        }
        out[i] = args[nargs + j];
        seen |= 1u << i;
    }
    for (int i = 0; i < required; i++) {
        if (!(seen & (1u << i))) {
            PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s'", fn, names[i]);
            return -1;
        }
    }
    return 0;
}

/* An arx_status that the specific checks did not already explain. */
static PyObject *raise_status(int rc, const char *what) {
    switch (rc) {
    case ARX_ERR_NOMEM:
        return PyErr_NoMemory();
    case ARX_ERR_UNKNOWN_CIPHER:
    case ARX_ERR_UNKNOWN_MODE:
    case ARX_ERR_UNKNOWN_BACKEND:
    case ARX_ERR_BACKEND_UNAVAILABLE:
    case ARX_ERR_MODE_UNSUPPORTED:
        PyErr_Format(UnsupportedAlgorithm, "%s: %s", what, arx_strerror(rc));
        return NULL;
    case ARX_ERR_AUTH:
        PyErr_SetString(InvalidTag, "authentication failed");
        return NULL;
    default:
        PyErr_Format(PyExc_ValueError, "%s: %s", what, arx_strerror(rc));
        return NULL;
    }
}

static const arx_cipher *cipher_from(PyObject *name) {
    if (!PyUnicode_Check(name)) {
        PyObject *tn = PyType_GetName(Py_TYPE(name));
        PyErr_Format(PyExc_TypeError, "cipher name must be a str such as 'lea-128', not %S", tn ? tn : Py_None);
        Py_XDECREF(tn);
        return NULL;
    }
    Py_ssize_t n;
    const char *s = PyUnicode_AsUTF8AndSize(name, &n);
    if (!s) return NULL;
    const arx_cipher *c = strlen(s) == (size_t)n ? arx_cipher_by_name(s) : NULL; /* no NUL inside */
    if (!c) PyErr_Format(UnsupportedAlgorithm, "unknown cipher %R (arxcrypt.ciphers() lists them)", name);
    return c;
}

/* backend: None/"" = the widest this CPU runs; *name stays valid while `o` lives. */
static int backend_from(PyObject *o, const char **name) {
    *name = NULL;
    if (o == NULL || o == Py_None) return 0;
    if (!PyUnicode_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "backend must be a str (see arxcrypt.backends(name)) or None");
        return -1;
    }
    Py_ssize_t n;
    *name = PyUnicode_AsUTF8AndSize(o, &n);
    if (*name && strlen(*name) != (size_t)n) {
        PyErr_SetString(UnsupportedAlgorithm, "backend name contains a NUL character");
        return -1;
    }
    return *name ? 0 : -1;
}

/* Expand a key, turning each failure into a message that says what to pass. */
static int make_key(PyObject *name, PyObject *key, PyObject *backend, arx_key **out, const arx_cipher **cp) {
    const arx_cipher *c = cipher_from(name);
    if (!c) return -1;
    const char *be;
    if (backend_from(backend, &be) < 0) return -1;
    Py_buffer kb;
    if (get_in(key, &kb, "key") < 0) return -1;
    int rc = arx_key_new(out, c, kb.buf, (size_t)kb.len, be);
    Py_ssize_t klen = kb.len;
    release(&kb);
    if (rc == ARX_OK) {
        *cp = c;
        return 0;
    }
    const char *cn = arx_cipher_name(c);
    switch (rc) {
    case ARX_ERR_KEY_LENGTH:
        PyErr_Format(PyExc_ValueError, "%s takes a %zu-byte key, not %zd bytes", cn, arx_cipher_key_bytes(c), klen);
        break;
    case ARX_ERR_UNKNOWN_BACKEND:
        PyErr_Format(UnsupportedAlgorithm, "%s has no backend '%s' (arxcrypt.backends('%s') lists them)", cn, be, cn);
        break;
    case ARX_ERR_BACKEND_UNAVAILABLE:
        PyErr_Format(UnsupportedAlgorithm, "backend '%s' of %s cannot run on this CPU", be, cn);
        break;
    default:
        raise_status(rc, "key");
    }
    return -1;
}

static PyObject *check_mode_error(const arx_cipher *c, const char *mode) {
    PyErr_Format(UnsupportedAlgorithm, "%s needs a cipher with %s; %s has %zu-bit blocks", mode,
                 strcmp(mode, "CMAC") == 0 ? "64- or 128-bit blocks" : "128-bit blocks", arx_cipher_name(c),
                 8 * arx_cipher_block_bytes(c));
    return NULL;
}

/* ---- Key ------------------------------------------------------------------------ */

typedef struct {
    PyObject_HEAD
    arx_key *key;
    const arx_cipher *c;
} KeyObject;

static PyObject *Key_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *names[] = {"name", "key", "backend", NULL};
    PyObject *name, *key, *backend = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|O:Key", names, &name, &key, &backend)) return NULL;
    arx_key *k;
    const arx_cipher *c;
    if (make_key(name, key, backend, &k, &c) < 0) return NULL;
    KeyObject *self = (KeyObject *)PyType_GenericAlloc(type, 0);
    if (!self) {
        arx_key_free(k);
        return NULL;
    }
    self->key = k;
    self->c = c;
    return (PyObject *)self;
}

static void Key_dealloc(PyObject *self) {
    arx_key_free(((KeyObject *)self)->key); /* wipes the schedule */
    free_self(self);
}

static PyObject *get_name(PyObject *self, void *p) {
    (void)p;
    return PyUnicode_FromString(arx_cipher_name(((KeyObject *)self)->c));
}
static PyObject *get_backend(PyObject *self, void *p) {
    (void)p;
    return PyUnicode_FromString(arx_key_backend(((KeyObject *)self)->key));
}
static PyObject *get_block_size(PyObject *self, void *p) {
    (void)p;
    return PyLong_FromSize_t(arx_cipher_block_bytes(((KeyObject *)self)->c));
}
static PyObject *get_key_size(PyObject *self, void *p) {
    (void)p;
    return PyLong_FromSize_t(arx_cipher_key_bytes(((KeyObject *)self)->c));
}

static PyGetSetDef key_getset[] = {
    {"name", get_name, NULL, "the cipher's name, e.g. 'lea-128'", NULL},
    {"backend", get_backend, NULL, "the backend this key runs on, e.g. 'avx512'", NULL},
    {"block_size", get_block_size, NULL, "the cipher's block in bytes", NULL},
    {"key_size", get_key_size, NULL, "the cipher's key in bytes", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

/* ---- GCM and CCM (one-shot AEAD) -------------------------------------------- */

typedef struct {
    KeyObject k; /* first: the AEAD objects answer .name/.backend like a Key */
    size_t tag_len;
    int ccm;
} AeadObject;

static PyObject *aead_new(PyTypeObject *type, PyObject *args, PyObject *kw, int ccm) {
    static char *names[] = {"name", "key", "tag_length", "backend", NULL};
    PyObject *name, *key, *backend = Py_None;
    Py_ssize_t tag_len = 16;
    if (!PyArg_ParseTupleAndKeywords(args, kw, ccm ? "OO|n$O:CCM" : "OO|n$O:GCM", names, &name, &key, &tag_len,
                                     &backend))
        return NULL;
    const arx_cipher *c = cipher_from(name);
    if (!c) return NULL;
    if (arx_mode_check(c, ccm ? ARX_MODE_CCM : ARX_MODE_GCM) != ARX_OK) return check_mode_error(c, ccm ? "CCM" : "GCM");
    if (ccm ? (tag_len < 4 || tag_len > 16 || tag_len % 2) : (tag_len < 4 || tag_len > 16)) {
        PyErr_Format(PyExc_ValueError, ccm ? "CCM tag_length must be 4, 6, 8, 10, 12, 14 or 16, not %zd"
                                           : "GCM tag_length must be 4 to 16 bytes, not %zd",
                     tag_len);
        return NULL;
    }
    arx_key *k;
    if (make_key(name, key, backend, &k, &c) < 0) return NULL;
    AeadObject *self = (AeadObject *)PyType_GenericAlloc(type, 0);
    if (!self) {
        arx_key_free(k);
        return NULL;
    }
    self->k.key = k;
    self->k.c = c;
    self->tag_len = (size_t)tag_len;
    self->ccm = ccm;
    return (PyObject *)self;
}
static PyObject *GCM_new(PyTypeObject *t, PyObject *a, PyObject *k) { return aead_new(t, a, k, 0); }
static PyObject *CCM_new(PyTypeObject *t, PyObject *a, PyObject *k) { return aead_new(t, a, k, 1); }

static PyObject *nonce_error(AeadObject *self, Py_ssize_t n) {
    if (self->ccm)
        PyErr_Format(PyExc_ValueError, "CCM nonce must be 7 to 13 bytes, not %zd", n);
    else
        PyErr_SetString(PyExc_ValueError, "GCM nonce must not be empty");
    return NULL;
}

static const char *const aead_names[] = {"nonce", "data", "associated_data"};

static PyObject *aead_encrypt(PyObject *op, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    AeadObject *self = (AeadObject *)op;
    PyObject *a[3] = {NULL, NULL, Py_None};
    if (parse_fast("encrypt", args, nargs, kwnames, aead_names, 3, 2, a) < 0) return NULL;
    Py_buffer nonce, data, aad = {0};
    PyObject *out = NULL;
    if (get_in(a[0], &nonce, "nonce") < 0) return NULL;
    if (get_in(a[1], &data, "data") < 0) goto done_n;
    if (get_in_opt(a[2], &aad, "associated_data") < 0) goto done_d;
    if (data.len > PY_SSIZE_T_MAX - 16) {
        PyErr_SetString(PyExc_OverflowError, "data too long");
        goto done;
    }
    uint8_t *o;
    out = new_bytes(data.len + (Py_ssize_t)self->tag_len, &o);
    if (!out) goto done;
    int rc;
    const arx_key *k = self->k.key;
    size_t tl = self->tag_len, n = (size_t)data.len;
    if (self->ccm)
        RUN_RELEASED(data.len + aad.len, rc = arx_ccm_encrypt(k, nonce.buf, (size_t)nonce.len, aad.buf, (size_t)aad.len,
                                                              o, data.buf, n, o + n, tl));
    else
        RUN_RELEASED(data.len + aad.len, rc = arx_gcm_encrypt(k, nonce.buf, (size_t)nonce.len, aad.buf, (size_t)aad.len,
                                                              o, data.buf, n, o + n, tl));
    if (rc != ARX_OK) {
        Py_CLEAR(out);
        if (rc == ARX_ERR_IV_LENGTH)
            nonce_error(self, nonce.len);
        else
            raise_status(rc, self->ccm ? "CCM encrypt" : "GCM encrypt");
    }
done:
    release(&aad);
done_d:
    release(&data);
done_n:
    release(&nonce);
    return out;
}

static PyObject *aead_decrypt(PyObject *op, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    AeadObject *self = (AeadObject *)op;
    PyObject *a[3] = {NULL, NULL, Py_None};
    if (parse_fast("decrypt", args, nargs, kwnames, aead_names, 3, 2, a) < 0) return NULL;
    Py_buffer nonce, data, aad = {0};
    PyObject *out = NULL;
    if (get_in(a[0], &nonce, "nonce") < 0) return NULL;
    if (get_in(a[1], &data, "data") < 0) goto done_n;
    if (get_in_opt(a[2], &aad, "associated_data") < 0) goto done_d;
    size_t tl = self->tag_len;
    if ((size_t)data.len < tl) {
        /* Still check the nonce first, as encrypt would. */
        if (self->ccm ? (nonce.len < 7 || nonce.len > 13) : nonce.len == 0)
            nonce_error(self, nonce.len);
        else
            PyErr_SetString(InvalidTag, "authentication failed: data is shorter than the tag");
        goto done;
    }
    size_t n = (size_t)data.len - tl;
    uint8_t *o;
    out = new_bytes((Py_ssize_t)n, &o);
    if (!out) goto done;
    const uint8_t *in = data.buf;
    const arx_key *k = self->k.key;
    int rc;
    if (self->ccm)
        RUN_RELEASED(data.len + aad.len, rc = arx_ccm_decrypt(k, nonce.buf, (size_t)nonce.len, aad.buf, (size_t)aad.len,
                                                              o, in, n, in + n, tl));
    else
        RUN_RELEASED(data.len + aad.len, rc = arx_gcm_decrypt(k, nonce.buf, (size_t)nonce.len, aad.buf, (size_t)aad.len,
                                                              o, in, n, in + n, tl));
    if (rc != ARX_OK) {
        Py_CLEAR(out); /* the library zeroed it on ARX_ERR_AUTH; nothing is released */
        if (rc == ARX_ERR_IV_LENGTH)
            nonce_error(self, nonce.len);
        else
            raise_status(rc, self->ccm ? "CCM decrypt" : "GCM decrypt");
    }
done:
    release(&aad);
done_d:
    release(&data);
done_n:
    release(&nonce);
    return out;
}

static PyObject *get_tag_length(PyObject *self, void *p) {
    (void)p;
    return PyLong_FromSize_t(((AeadObject *)self)->tag_len);
}

static PyMethodDef aead_methods[] = {
    {"encrypt", (PyCFunction)(void (*)(void))aead_encrypt, METH_FASTCALL | METH_KEYWORDS,
     "encrypt(nonce, data, associated_data=None) -> ciphertext || tag"},
    {"decrypt", (PyCFunction)(void (*)(void))aead_decrypt, METH_FASTCALL | METH_KEYWORDS,
     "decrypt(nonce, data, associated_data=None) -> plaintext; raises InvalidTag"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef aead_getset[] = {
    {"name", get_name, NULL, "the cipher's name", NULL},
    {"backend", get_backend, NULL, "the backend this key runs on", NULL},
    {"tag_length", get_tag_length, NULL, "bytes of tag appended by encrypt", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot gcm_slots[] = {
    {Py_tp_new, GCM_new},
    {Py_tp_dealloc, Key_dealloc},
    {Py_tp_methods, aead_methods},
    {Py_tp_getset, aead_getset},
    {Py_tp_doc, "GCM(name, key, tag_length=16, *, backend=None): one-shot GCM (SP 800-38D)."},
    {0, NULL},
};
static PyType_Slot ccm_slots[] = {
    {Py_tp_new, CCM_new},
    {Py_tp_dealloc, Key_dealloc},
    {Py_tp_methods, aead_methods},
    {Py_tp_getset, aead_getset},
    {Py_tp_doc, "CCM(name, key, tag_length=16, *, backend=None): one-shot CCM (SP 800-38C)."},
    {0, NULL},
};
static PyType_Spec gcm_spec = {"arxcrypt._arxcrypt.GCM", sizeof(AeadObject), 0,
                               Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, gcm_slots};
static PyType_Spec ccm_spec = {"arxcrypt._arxcrypt.CCM", sizeof(AeadObject), 0,
                               Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, ccm_slots};

/* ---- XTS (IEEE 1619 / SP 800-38E): one-shot data units and sector runs ------- */

typedef struct {
    PyObject_HEAD
    arx_xts *x;
    const arx_cipher *c;
} XtsObject;

static PyObject *XTS_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *names[] = {"name", "key", "backend", NULL};
    PyObject *name, *key, *backend = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|$O:XTS", names, &name, &key, &backend)) return NULL;
    const arx_cipher *c = cipher_from(name);
    if (!c) return NULL;
    if (arx_mode_check(c, ARX_MODE_XTS) != ARX_OK) return check_mode_error(c, "XTS");
    const char *be;
    if (backend_from(backend, &be) < 0) return NULL;
    Py_buffer kb;
    if (get_in(key, &kb, "key") < 0) return NULL;
    arx_xts *x = NULL;
    int rc = arx_xts_new(&x, c, kb.buf, (size_t)kb.len, be);
    Py_ssize_t klen = kb.len;
    release(&kb);
    const char *cn = arx_cipher_name(c);
    switch (rc) {
    case ARX_OK:
        break;
    case ARX_ERR_KEY_LENGTH:
        PyErr_Format(PyExc_ValueError, "XTS with %s takes a %zu-byte key (data key then tweak key), not %zd bytes", cn,
                     2 * arx_cipher_key_bytes(c), klen);
        return NULL;
    case ARX_ERR_XTS_KEY:
        PyErr_SetString(PyExc_ValueError, "XTS key halves must differ (SP 800-38E): data key == tweak key");
        return NULL;
    case ARX_ERR_UNKNOWN_BACKEND:
        PyErr_Format(UnsupportedAlgorithm, "%s has no backend '%s' (arxcrypt.backends('%s') lists them)", cn, be, cn);
        return NULL;
    case ARX_ERR_BACKEND_UNAVAILABLE:
        PyErr_Format(UnsupportedAlgorithm, "backend '%s' of %s cannot run on this CPU", be, cn);
        return NULL;
    default:
        return raise_status(rc, "XTS key");
    }
    XtsObject *self = (XtsObject *)PyType_GenericAlloc(type, 0);
    if (!self) {
        arx_xts_free(x);
        return NULL;
    }
    self->x = x;
    self->c = c;
    return (PyObject *)self;
}

static void XTS_dealloc(PyObject *self) {
    arx_xts_free(((XtsObject *)self)->x); /* wipes both schedules */
    free_self(self);
}

static PyObject *xts_length_error(Py_ssize_t n, const char *what) {
    if (n < 16)
        PyErr_Format(PyExc_ValueError, "XTS %s must be at least 16 bytes, not %zd", what, n);
    else
        PyErr_Format(PyExc_ValueError, "XTS %s must be at most 2**20 blocks (16 MiB), not %zd bytes", what, n);
    return NULL;
}

static const char *const xts_names[] = {"tweak", "data"};

static PyObject *xts_unit(PyObject *op, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, int dec) {
    XtsObject *self = (XtsObject *)op;
    PyObject *a[2] = {NULL, NULL};
    if (parse_fast(dec ? "decrypt" : "encrypt", args, nargs, kwnames, xts_names, 2, 2, a) < 0) return NULL;
    Py_buffer tw, data;
    PyObject *out = NULL;
    if (get_in(a[0], &tw, "tweak") < 0) return NULL;
    if (get_in(a[1], &data, "data") < 0) goto done_t;
    if (tw.len != ARX_XTS_TWEAK_BYTES) {
        PyErr_Format(PyExc_ValueError, "XTS tweak must be 16 bytes, not %zd", tw.len);
        goto done;
    }
    uint8_t *o;
    out = new_bytes(data.len, &o);
    if (!out) goto done;
    int rc;
    RUN_RELEASED(data.len, rc = (dec ? arx_xts_decrypt : arx_xts_encrypt)(self->x, tw.buf, 16, o, data.buf, (size_t)data.len));
    if (rc != ARX_OK) {
        Py_CLEAR(out);
        if (rc == ARX_ERR_LENGTH || rc == ARX_ERR_TOO_LONG)
            xts_length_error(data.len, "data");
        else
            raise_status(rc, dec ? "XTS decrypt" : "XTS encrypt");
    }
done:
    release(&data);
done_t:
    release(&tw);
    return out;
}
static PyObject *XTS_encrypt(PyObject *op, PyObject *const *a, Py_ssize_t n, PyObject *kw) { return xts_unit(op, a, n, kw, 0); }
static PyObject *XTS_decrypt(PyObject *op, PyObject *const *a, Py_ssize_t n, PyObject *kw) { return xts_unit(op, a, n, kw, 1); }

static const char *const xts_sector_names[] = {"first_sector", "sector_size", "data"};

static PyObject *xts_sectors(PyObject *op, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, int dec) {
    XtsObject *self = (XtsObject *)op;
    PyObject *a[3] = {NULL, NULL, NULL};
    if (parse_fast(dec ? "decrypt_sectors" : "encrypt_sectors", args, nargs, kwnames, xts_sector_names, 3, 3, a) < 0)
        return NULL;
    unsigned long long first = PyLong_AsUnsignedLongLong(a[0]);
    if (first == (unsigned long long)-1 && PyErr_Occurred()) {
        if (PyErr_ExceptionMatches(PyExc_OverflowError) || PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Clear();
            PyErr_SetString(PyExc_ValueError, "first_sector must be an int from 0 to 2**64 - 1");
        }
        return NULL;
    }
    Py_ssize_t sb = PyLong_AsSsize_t(a[1]);
    if (sb == -1 && PyErr_Occurred()) return NULL;
    if (sb < 16 || (size_t)sb / 16 > ARX_XTS_MAX_BLOCKS || ((size_t)sb / 16 == ARX_XTS_MAX_BLOCKS && sb % 16))
        return xts_length_error(sb, "sector_size");
    Py_buffer data;
    if (get_in(a[2], &data, "data") < 0) return NULL;
    PyObject *out = NULL;
    if (data.len % sb) {
        PyErr_Format(PyExc_ValueError, "XTS data (%zd bytes) must be a whole number of %zd-byte sectors", data.len, sb);
        goto done;
    }
    uint8_t *o;
    out = new_bytes(data.len, &o);
    if (!out) goto done;
    int rc;
    RUN_RELEASED(data.len, rc = (dec ? arx_xts_decrypt_sectors : arx_xts_encrypt_sectors)(
                               self->x, (uint64_t)first, (size_t)sb, (size_t)(data.len / sb), o, data.buf));
    if (rc != ARX_OK) {
        Py_CLEAR(out);
        raise_status(rc, dec ? "XTS decrypt_sectors" : "XTS encrypt_sectors");
    }
done:
    release(&data);
    return out;
}
static PyObject *XTS_encrypt_sectors(PyObject *op, PyObject *const *a, Py_ssize_t n, PyObject *kw) { return xts_sectors(op, a, n, kw, 0); }
static PyObject *XTS_decrypt_sectors(PyObject *op, PyObject *const *a, Py_ssize_t n, PyObject *kw) { return xts_sectors(op, a, n, kw, 1); }

static PyObject *xts_get_name(PyObject *self, void *p) {
    (void)p;
    return PyUnicode_FromString(arx_cipher_name(((XtsObject *)self)->c));
}
static PyObject *xts_get_backend(PyObject *self, void *p) {
    (void)p;
    return PyUnicode_FromString(arx_xts_backend(((XtsObject *)self)->x));
}
static PyObject *xts_get_key_size(PyObject *self, void *p) {
    (void)p;
    return PyLong_FromSize_t(2 * arx_cipher_key_bytes(((XtsObject *)self)->c));
}

static PyMethodDef xts_methods[] = {
    {"encrypt", (PyCFunction)(void (*)(void))XTS_encrypt, METH_FASTCALL | METH_KEYWORDS,
     "encrypt(tweak, data) -> ciphertext: one data unit, 16-byte tweak, len(data) >= 16 (ciphertext stealing)"},
    {"decrypt", (PyCFunction)(void (*)(void))XTS_decrypt, METH_FASTCALL | METH_KEYWORDS, "decrypt(tweak, data) -> plaintext"},
    {"encrypt_sectors", (PyCFunction)(void (*)(void))XTS_encrypt_sectors, METH_FASTCALL | METH_KEYWORDS,
     "encrypt_sectors(first_sector, sector_size, data) -> ciphertext: sectors numbered from first_sector (plain64)"},
    {"decrypt_sectors", (PyCFunction)(void (*)(void))XTS_decrypt_sectors, METH_FASTCALL | METH_KEYWORDS,
     "decrypt_sectors(first_sector, sector_size, data) -> plaintext"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef xts_getset[] = {
    {"name", xts_get_name, NULL, "the cipher's name", NULL},
    {"backend", xts_get_backend, NULL, "the backend this key runs on", NULL},
    {"key_size", xts_get_key_size, NULL, "bytes of key: twice the cipher's", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot xts_slots[] = {
    {Py_tp_new, XTS_new},
    {Py_tp_dealloc, XTS_dealloc},
    {Py_tp_methods, xts_methods},
    {Py_tp_getset, xts_getset},
    {Py_tp_doc, "XTS(name, key, *, backend=None): XTS (IEEE 1619, SP 800-38E) with a 128-bit-block cipher; "
                "key = data key || tweak key."},
    {0, NULL},
};
static PyType_Spec xts_spec = {"arxcrypt._arxcrypt.XTS", sizeof(XtsObject), 0, Py_TPFLAGS_DEFAULT, xts_slots};

/* ---- CipherContext (Cipher(...).encryptor() / .decryptor()) ------------------- */

/*
 * The library streams CTR and GCM itself (arx_ctr_*, arx_gcm_*). ECB, CBC,
 * CFB and OFB it offers one-shot, so a context feeds it whole blocks and
 * carries the chaining value between calls: CBC and CFB's is the last
 * ciphertext block, OFB's the last keystream block (output xor input of
 * that block: the one line of mode knowledge here, until the C API streams
 * these modes too). ECB and CBC hold back a partial block, as pyca does.
 * CFB and OFB answer every byte at once: a partial block is kept, and the
 * next call runs the library on it again from the same chaining value with
 * the new bytes appended, returning only the new ones.
 */
typedef struct {
    PyObject_HEAD
    KeyObject *keyobj; /* strong reference: the key outlives the context */
    arx_mode mode;
    int encrypt, pad;
    int finalized, updated, busy;
    size_t bs;
    uint8_t iv[16];   /* chaining value (CBC, CFB, OFB) */
    uint8_t pend[16]; /* ECB/CBC: input not yet processed; CFB/OFB: input of the partial block */
    size_t plen;
    arx_ctr *ctr;
    arx_gcm *gcm;
    uint8_t tag[16]; /* GCM: the expected tag (decrypt) or the computed one (encrypt) */
    size_t tag_len, min_tag_len;
    int have_tag;
} CtxObject;

static void ctx_wipe(CtxObject *s) {
    arx_ctr_free(s->ctr);
    arx_gcm_free(s->gcm);
    s->ctr = NULL;
    s->gcm = NULL;
    arx_wipe(s->iv, sizeof s->iv);
    arx_wipe(s->pend, sizeof s->pend);
    s->plen = 0;
}

static void Ctx_dealloc(PyObject *op) {
    CtxObject *s = (CtxObject *)op;
    ctx_wipe(s);
    arx_wipe(s->tag, sizeof s->tag);
    Py_XDECREF((PyObject *)s->keyobj);
    free_self(op);
}

static int iv_ok(const arx_cipher *c, arx_mode m, Py_ssize_t len, int have) {
    size_t bs = arx_cipher_block_bytes(c);
    const char *mn = arx_mode_name(m);
    if (m == ARX_MODE_ECB) return 1;
    if (!have) {
        PyErr_Format(PyExc_TypeError, "%s mode needs an %s", mn, m == ARX_MODE_CTR || m == ARX_MODE_GCM ? "nonce" : "IV");
        return 0;
    }
    if (m == ARX_MODE_GCM) {
        if (len > 0) return 1;
        PyErr_SetString(PyExc_ValueError, "GCM nonce must not be empty");
        return 0;
    }
    if ((size_t)len == bs) return 1;
    PyErr_Format(PyExc_ValueError, "Invalid %s size (%zd) for %s: %s needs %zu bytes (the block size)",
                 m == ARX_MODE_CTR ? "nonce" : "IV", len, mn, arx_cipher_name(c), bs);
    return 0;
}

/* Mode by name for a Cipher: the ones that stream through a context. */
static int ctx_mode(const arx_cipher *c, PyObject *name, arx_mode *m) {
    const char *s = PyUnicode_Check(name) ? PyUnicode_AsUTF8AndSize(name, NULL) : NULL;
    if (!s) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "mode name must be a str");
        return -1;
    }
    if (arx_mode_by_name(s, m) != ARX_OK || *m == ARX_MODE_CCM || *m == ARX_MODE_CMAC) {
        PyErr_Format(UnsupportedAlgorithm, "'%s' is not a Cipher mode (ecb, cbc, cfb, ofb, ctr, gcm; CCM is "
                                           "arxcrypt.aead.CCM, CMAC arxcrypt.cmac.CMAC)", s);
        return -1;
    }
    if (arx_mode_check(c, *m) != ARX_OK) {
        check_mode_error(c, "GCM");
        return -1;
    }
    return 0;
}

/* Key.check_mode(mode, iv): raise what Cipher(name, key, mode) must raise. */
static PyObject *Key_check_mode(PyObject *op, PyObject *args) {
    KeyObject *self = (KeyObject *)op;
    PyObject *mode, *iv;
    if (!PyArg_ParseTuple(args, "OO:check_mode", &mode, &iv)) return NULL;
    arx_mode m;
    if (ctx_mode(self->c, mode, &m) < 0) return NULL;
    Py_buffer b = {0};
    if (iv != Py_None && get_in(iv, &b, m == ARX_MODE_CTR || m == ARX_MODE_GCM ? "nonce" : "IV") < 0) return NULL;
    int ok = iv_ok(self->c, m, b.len, iv != Py_None);
    release(&b);
    if (!ok) return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef key_methods[] = {
    {"check_mode", Key_check_mode, METH_VARARGS, "check_mode(mode_name, iv_or_None): raise if unusable"},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot key_slots[] = {
    {Py_tp_new, Key_new},
    {Py_tp_dealloc, Key_dealloc},
    {Py_tp_getset, key_getset},
    {Py_tp_methods, key_methods},
    {Py_tp_doc, "Key(name, key, backend=None): a cipher's expanded key (wiped when freed)."},
    {0, NULL},
};
static PyType_Spec key_spec = {"arxcrypt._arxcrypt.Key", sizeof(KeyObject), 0, Py_TPFLAGS_DEFAULT, key_slots};


static PyObject *Ctx_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *names[] = {"key", "mode", "encrypt", "iv", "tag", "min_tag_length", "pad", NULL};
    PyObject *key, *mode, *iv = Py_None, *tag = Py_None;
    int encrypt, pad = 0;
    Py_ssize_t min_tag = 16;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!Op|OOnp:CipherContext", names, KeyType, &key, &mode, &encrypt, &iv,
                                     &tag, &min_tag, &pad))
        return NULL;
    KeyObject *ko = (KeyObject *)key;
    arx_mode m;
    if (ctx_mode(ko->c, mode, &m) < 0) return NULL;
    Py_buffer ivb = {0}, tagb = {0};
    if (iv != Py_None && get_in(iv, &ivb, m == ARX_MODE_CTR || m == ARX_MODE_GCM ? "nonce" : "IV") < 0) return NULL;
    CtxObject *s = NULL;
    if (!iv_ok(ko->c, m, ivb.len, iv != Py_None)) goto fail;
    if (pad && m != ARX_MODE_CBC) {
        PyErr_SetString(PyExc_ValueError, "padding is for CBC only");
        goto fail;
    }
    if (tag != Py_None) {
        if (m != ARX_MODE_GCM) {
            PyErr_SetString(PyExc_ValueError, "only GCM takes a tag");
            goto fail;
        }
        if (encrypt) {
            PyErr_SetString(PyExc_ValueError, "Authentication tag must be None when encrypting.");
            goto fail;
        }
        if (get_in(tag, &tagb, "tag") < 0) goto fail;
        if (tagb.len < min_tag || tagb.len < 4 || tagb.len > 16) {
            PyErr_Format(PyExc_ValueError, "GCM tag must be %zd to 16 bytes, not %zd", min_tag < 4 ? 4 : min_tag,
                         tagb.len);
            goto fail;
        }
    }
    s = (CtxObject *)PyType_GenericAlloc(type, 0);
    if (!s) goto fail;
    Py_INCREF(key);
    s->keyobj = ko;
    s->mode = m;
    s->encrypt = encrypt;
    s->pad = pad;
    s->bs = arx_cipher_block_bytes(ko->c);
    s->min_tag_len = (size_t)(min_tag < 4 ? 4 : min_tag);
    if (ivb.len && m != ARX_MODE_GCM && m != ARX_MODE_ECB) memcpy(s->iv, ivb.buf, (size_t)ivb.len);
    if (tag != Py_None) {
        memcpy(s->tag, tagb.buf, (size_t)tagb.len);
        s->tag_len = (size_t)tagb.len;
        s->have_tag = 1;
    }
    int rc = ARX_OK;
    if (m == ARX_MODE_CTR) rc = arx_ctr_new(&s->ctr, ko->key, ivb.buf, (size_t)ivb.len);
    if (m == ARX_MODE_GCM) rc = arx_gcm_new(&s->gcm, ko->key, ivb.buf, (size_t)ivb.len);
    if (rc != ARX_OK) {
        Py_CLEAR(s);
        raise_status(rc, arx_mode_name(m));
    }
fail:
    release(&ivb);
    release(&tagb);
    return (PyObject *)s;
}

/* Bytes the next update of n bytes writes. */
static size_t ctx_out_len(const CtxObject *s, size_t n) {
    if (s->mode != ARX_MODE_ECB && s->mode != ARX_MODE_CBC) return n;
    size_t total = s->plen + n;
    if (s->pad && !s->encrypt) { /* keep the last block (1 to bs bytes) for finalize's unpadding */
        if (total == 0) return 0;
        return (total - 1) / s->bs * s->bs;
    }
    return total / s->bs * s->bs;
}

/* One-shot call of the context's block-chained mode on whole blocks or a
 * final partial block, then the chaining value for the next call. `in` and
 * `out` may be equal; lastin is taken before the call overwrites it. */
static int chain_run(CtxObject *s, uint8_t *out, const uint8_t *in, size_t n) {
    const arx_key *k = s->keyobj->key;
    size_t bs = s->bs;
    uint8_t lastin[16];
    int full = n >= bs;
    if (full) memcpy(lastin, in + n / bs * bs - bs, bs);
    int rc;
    switch (s->mode) {
    case ARX_MODE_ECB:
        rc = s->encrypt ? arx_ecb_encrypt(k, out, in, n) : arx_ecb_decrypt(k, out, in, n);
        break;
    case ARX_MODE_CBC:
        rc = s->encrypt ? arx_cbc_encrypt(k, s->iv, bs, out, in, n) : arx_cbc_decrypt(k, s->iv, bs, out, in, n);
        break;
    case ARX_MODE_CFB:
        rc = s->encrypt ? arx_cfb_encrypt(k, s->iv, bs, out, in, n) : arx_cfb_decrypt(k, s->iv, bs, out, in, n);
        break;
    default: /* OFB */
        rc = arx_ofb_xor(k, s->iv, bs, out, in, n);
        break;
    }
    if (rc == ARX_OK && full && s->mode != ARX_MODE_ECB && n % bs == 0) {
        const uint8_t *lastout = out + n - bs;
        if (s->mode == ARX_MODE_OFB) {
            for (size_t i = 0; i < bs; i++) s->iv[i] = (uint8_t)(lastin[i] ^ lastout[i]);
        } else {
            memcpy(s->iv, s->encrypt ? lastout : lastin, bs); /* the last ciphertext block */
        }
    }
    arx_wipe(lastin, sizeof lastin);
    return rc;
}

/* ECB, CBC: whole blocks out, a partial block (or CBC-pad decryption's last
 * block) kept. out has ctx_out_len(n) bytes; out == in only when plen == 0. */
static int blocks_update(CtxObject *s, uint8_t *out, const uint8_t *in, size_t n) {
    size_t bs = s->bs, todo = ctx_out_len(s, n);
    int rc = ARX_OK;
    if (s->plen && todo) {
        size_t t = bs - s->plen;
        memcpy(s->pend + s->plen, in, t);
        in += t;
        n -= t;
        rc = chain_run(s, out, s->pend, bs);
        if (rc) return rc;
        out += bs;
        todo -= bs;
        s->plen = 0;
    }
    if (todo) {
        rc = chain_run(s, out, in, todo);
        if (rc) return rc;
        in += todo;
        n -= todo;
    }
    memcpy(s->pend + s->plen, in, n);
    s->plen += n;
    return rc;
}

/* CFB, OFB: every byte answered now (see the comment above CtxObject). */
static int stream_update(CtxObject *s, uint8_t *out, const uint8_t *in, size_t n) {
    size_t bs = s->bs;
    int rc;
    if (s->plen) {
        uint8_t blk[16], res[16];
        size_t t = bs - s->plen < n ? bs - s->plen : n;
        memcpy(blk, s->pend, s->plen);
        memcpy(blk + s->plen, in, t);
        rc = chain_run(s, res, blk, s->plen + t); /* advances the IV only once the block is whole */
        if (rc == ARX_OK) {
            memcpy(out, res + s->plen, t);
            memcpy(s->pend, blk, s->plen + t); /* blk, not in: out may be in */
            s->plen = (s->plen + t) % bs;
        }
        arx_wipe(blk, sizeof blk);
        arx_wipe(res, sizeof res);
        if (rc) return rc;
        in += t;
        out += t;
        n -= t;
    }
    size_t full = n / bs * bs, rest = n - full;
    if (full && (rc = chain_run(s, out, in, full)) != ARX_OK) return rc;
    if (rest) {
        memcpy(s->pend, in + full, rest); /* before the call: out may be in */
        if ((rc = chain_run(s, out + full, s->pend, rest)) != ARX_OK) return rc;
        s->plen = rest;
    }
    return ARX_OK;
}

static int ctx_process(CtxObject *s, uint8_t *out, const uint8_t *in, size_t n) {
    switch (s->mode) {
    case ARX_MODE_CTR:
        return arx_ctr_update(s->ctr, out, in, n);
    case ARX_MODE_GCM:
        return s->encrypt ? arx_gcm_encrypt_update(s->gcm, out, in, n) : arx_gcm_decrypt_update(s->gcm, out, in, n);
    case ARX_MODE_ECB:
    case ARX_MODE_CBC:
        return blocks_update(s, out, in, n);
    default:
        return stream_update(s, out, in, n);
    }
}

static int ctx_enter(CtxObject *s) {
    if (s->finalized) {
        PyErr_SetString(AlreadyFinalized, "Context was already finalized.");
        return -1;
    }
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this context is in use by another thread");
        return -1;
    }
    return 0;
}

static int ranges_overlap(const void *a, size_t an, const void *b, size_t bn) {
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return an && bn && x < y + bn && y < x + an;
}

/* Shared by update and update_into: run n bytes of `in` into out. */
static int ctx_run(CtxObject *s, uint8_t *out, const uint8_t *in, size_t n) {
    uint8_t *copy = NULL;
    if (out == in && s->plen && (s->mode == ARX_MODE_ECB || s->mode == ARX_MODE_CBC)) {
        /* In place with a held-back partial block: the output runs ahead of
         * the input by plen bytes, so read from a copy. */
        copy = PyMem_Malloc(n ? n : 1);
        if (!copy) {
            PyErr_NoMemory();
            return -1;
        }
        memcpy(copy, in, n);
        in = copy;
    }
    int rc;
    s->busy = 1;
    RUN_RELEASED(n, rc = ctx_process(s, out, in, n));
    s->busy = 0;
    s->updated = 1;
    if (copy) {
        arx_wipe(copy, n);
        PyMem_Free(copy);
    }
    if (rc != ARX_OK) {
        raise_status(rc, "update");
        return -1;
    }
    return 0;
}

static PyObject *Ctx_update(PyObject *op, PyObject *data) {
    CtxObject *s = (CtxObject *)op;
    if (ctx_enter(s) < 0) return NULL;
    Py_buffer in;
    if (get_in(data, &in, "data") < 0) return NULL;
    uint8_t *o;
    PyObject *out = new_bytes((Py_ssize_t)ctx_out_len(s, (size_t)in.len), &o);
    if (out && ctx_run(s, o, in.buf, (size_t)in.len) < 0) Py_CLEAR(out);
    release(&in);
    return out;
}

static PyObject *Ctx_update_into(PyObject *op, PyObject *const *args, Py_ssize_t nargs) {
    CtxObject *s = (CtxObject *)op;
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "update_into(data, buf) takes 2 arguments (%zd given)", nargs);
        return NULL;
    }
    if (ctx_enter(s) < 0) return NULL;
    Py_buffer in, buf;
    if (get_in(args[0], &in, "data") < 0) return NULL;
    if (get_out(args[1], &buf, "buf") < 0) {
        release(&in);
        return NULL;
    }
    PyObject *ret = NULL;
    size_t need = ctx_out_len(s, (size_t)in.len);
    if ((size_t)buf.len < need) {
        PyErr_Format(PyExc_ValueError, "buffer must be at least %zu bytes for this payload (got %zd)", need, buf.len);
    } else if (buf.buf != in.buf && ranges_overlap(buf.buf, need, in.buf, (size_t)in.len)) {
        PyErr_SetString(PyExc_ValueError, "buf overlaps data: pass the same buffer (in place) or separate ones");
    } else if (ctx_run(s, buf.buf, in.buf, (size_t)in.len) == 0) {
        ret = PyLong_FromSize_t(need);
    }
    release(&buf);
    release(&in);
    return ret;
}

static PyObject *Ctx_aad(PyObject *op, PyObject *data) {
    CtxObject *s = (CtxObject *)op;
    if (ctx_enter(s) < 0) return NULL;
    if (s->mode != ARX_MODE_GCM) {
        PyErr_Format(PyExc_TypeError, "authenticate_additional_data needs GCM mode, not %s", arx_mode_name(s->mode));
        return NULL;
    }
    if (s->updated) {
        PyErr_SetString(AlreadyUpdated, "Update has been called on this context: associated data must come first.");
        return NULL;
    }
    Py_buffer in;
    if (get_in(data, &in, "data") < 0) return NULL;
    int rc;
    s->busy = 1;
    RUN_RELEASED(in.len, rc = arx_gcm_aad(s->gcm, in.buf, (size_t)in.len));
    s->busy = 0;
    release(&in);
    if (rc != ARX_OK) return raise_status(rc, "authenticate_additional_data");
    Py_RETURN_NONE;
}

/* finalize / finalize_with_tag. tagobj: NULL for finalize(). */
static PyObject *ctx_finish(CtxObject *s, PyObject *tagobj) {
    if (ctx_enter(s) < 0) return NULL;
    PyObject *out = NULL;
    int rc = ARX_OK;
    size_t bs = s->bs;
    if (s->mode == ARX_MODE_GCM && !s->encrypt) {
        Py_buffer tb = {0};
        if (tagobj) {
            if (s->have_tag) {
                PyErr_SetString(PyExc_ValueError, "the tag was given in modes.GCM: call finalize()");
                return NULL;
            }
            if (get_in(tagobj, &tb, "tag") < 0) return NULL;
            if ((size_t)tb.len < s->min_tag_len || tb.len > 16) {
                PyErr_Format(PyExc_ValueError, "GCM tag must be %zu to 16 bytes, not %zd", s->min_tag_len, tb.len);
                release(&tb);
                return NULL;
            }
            memcpy(s->tag, tb.buf, (size_t)tb.len);
            s->tag_len = (size_t)tb.len;
            release(&tb);
        } else if (!s->have_tag) {
            PyErr_SetString(PyExc_ValueError,
                            "Authentication tag must be provided when decrypting: give it to modes.GCM(nonce, tag) "
                            "or call finalize_with_tag(tag)");
            return NULL;
        }
        rc = arx_gcm_decrypt_final(s->gcm, s->tag, s->tag_len);
        out = rc == ARX_OK ? PyBytes_FromStringAndSize(NULL, 0) : NULL;
    } else if (tagobj) {
        PyErr_SetString(PyExc_TypeError, "finalize_with_tag is for GCM decryption");
        return NULL;
    } else if (s->mode == ARX_MODE_GCM) {
        rc = arx_gcm_encrypt_final(s->gcm, s->tag, 16);
        s->tag_len = 16;
        out = rc == ARX_OK ? PyBytes_FromStringAndSize(NULL, 0) : NULL;
    } else if ((s->mode == ARX_MODE_ECB || s->mode == ARX_MODE_CBC) && !s->pad) {
        if (s->plen) {
            PyErr_SetString(PyExc_ValueError, "The length of the provided data is not a multiple of the block length.");
            s->finalized = 1;
            ctx_wipe(s);
            return NULL;
        }
        out = PyBytes_FromStringAndSize(NULL, 0);
    } else if (s->mode == ARX_MODE_CBC && s->encrypt) {
        size_t olen = 0;
        uint8_t blk[16];
        rc = arx_cbc_encrypt_pad(s->keyobj->key, s->iv, bs, blk, bs, &olen, s->pend, s->plen);
        if (rc == ARX_OK) out = PyBytes_FromStringAndSize((const char *)blk, (Py_ssize_t)olen);
        arx_wipe(blk, sizeof blk);
    } else if (s->mode == ARX_MODE_CBC) {
        if (s->plen != bs) {
            PyErr_SetString(PyExc_ValueError, "CBC with padding: the ciphertext must be a non-zero multiple of the "
                                              "block length");
            s->finalized = 1;
            ctx_wipe(s);
            return NULL;
        }
        size_t olen = 0;
        uint8_t blk[16];
        rc = arx_cbc_decrypt_pad(s->keyobj->key, s->iv, bs, blk, bs, &olen, s->pend, bs);
        if (rc == ARX_OK) out = PyBytes_FromStringAndSize((const char *)blk, (Py_ssize_t)olen);
        arx_wipe(blk, sizeof blk);
    } else { /* CTR, CFB, OFB: every byte was answered by update */
        out = PyBytes_FromStringAndSize(NULL, 0);
    }
    s->finalized = 1;
    ctx_wipe(s);
    if (rc == ARX_ERR_PADDING) {
        PyErr_SetString(PyExc_ValueError, "Invalid padding bytes.");
        return NULL;
    }
    if (rc != ARX_OK) return raise_status(rc, "finalize");
    return out;
}

static PyObject *Ctx_finalize(PyObject *op, PyObject *unused) {
    (void)unused;
    return ctx_finish((CtxObject *)op, NULL);
}

static PyObject *Ctx_finalize_with_tag(PyObject *op, PyObject *tag) { return ctx_finish((CtxObject *)op, tag); }

static PyObject *Ctx_get_tag(PyObject *op, void *p) {
    (void)p;
    CtxObject *s = (CtxObject *)op;
    if (s->mode != ARX_MODE_GCM || !s->encrypt) {
        PyErr_SetString(PyExc_AttributeError, "only a GCM encryptor has a tag");
        return NULL;
    }
    if (!s->finalized) {
        PyErr_SetString(NotYetFinalized, "You must finalize encryption before getting the tag.");
        return NULL;
    }
    return PyBytes_FromStringAndSize((const char *)s->tag, (Py_ssize_t)s->tag_len);
}

static PyMethodDef ctx_methods[] = {
    {"update", Ctx_update, METH_O, "update(data) -> bytes"},
    {"update_into", (PyCFunction)(void (*)(void))Ctx_update_into, METH_FASTCALL,
     "update_into(data, buf) -> int: write into buf, return the count"},
    {"finalize", Ctx_finalize, METH_NOARGS, "finalize() -> bytes"},
    {"finalize_with_tag", Ctx_finalize_with_tag, METH_O, "finalize_with_tag(tag) -> bytes (GCM decryption)"},
    {"authenticate_additional_data", Ctx_aad, METH_O, "authenticate_additional_data(data) (GCM, before update)"},
    {NULL, NULL, 0, NULL},
};
static PyGetSetDef ctx_getset[] = {
    {"tag", Ctx_get_tag, NULL, "GCM encryption's 16-byte tag, after finalize", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
static PyType_Slot ctx_slots[] = {
    {Py_tp_new, Ctx_new},
    {Py_tp_dealloc, Ctx_dealloc},
    {Py_tp_methods, ctx_methods},
    {Py_tp_getset, ctx_getset},
    {Py_tp_doc, "A streaming encryption or decryption context: Cipher(...).encryptor() / .decryptor()."},
    {0, NULL},
};
static PyType_Spec ctx_spec = {"arxcrypt._arxcrypt.CipherContext", sizeof(CtxObject), 0, Py_TPFLAGS_DEFAULT,
                               ctx_slots};

/* ---- CMAC ----------------------------------------------------------------------- */

/* The C API computes a CMAC in one call, so update() collects the message
 * and finalize()/verify() hand it over whole. */
typedef struct {
    PyObject_HEAD
    KeyObject *keyobj;
    uint8_t *msg;
    size_t len, cap;
    size_t tag_len;
    int finalized, busy;
} CmacObject;

static void cmac_drop(CmacObject *s) {
    if (s->msg) {
        arx_wipe(s->msg, s->len);
        PyMem_Free(s->msg);
    }
    s->msg = NULL;
    s->len = s->cap = 0;
}

static void Cmac_dealloc(PyObject *op) {
    CmacObject *s = (CmacObject *)op;
    cmac_drop(s);
    Py_XDECREF((PyObject *)s->keyobj);
    free_self(op);
}

static PyObject *Cmac_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *names[] = {"name", "key", "tag_length", "backend", NULL};
    PyObject *name, *key, *tl = Py_None, *backend = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|O$O:CMAC", names, &name, &key, &tl, &backend)) return NULL;
    const arx_cipher *c = cipher_from(name);
    if (!c) return NULL;
    if (arx_mode_check(c, ARX_MODE_CMAC) != ARX_OK) return check_mode_error(c, "CMAC");
    size_t bs = arx_cipher_block_bytes(c);
    Py_ssize_t tag_len = (Py_ssize_t)bs;
    if (tl != Py_None) {
        tag_len = PyLong_AsSsize_t(tl);
        if (tag_len == -1 && PyErr_Occurred()) return NULL;
        if (tag_len < 4 || (size_t)tag_len > bs) {
            PyErr_Format(PyExc_ValueError, "CMAC tag_length must be 4 to %zu bytes for %s, not %zd", bs,
                         arx_cipher_name(c), tag_len);
            return NULL;
        }
    }
    PyObject *kargs = PyTuple_Pack(3, name, key, backend);
    if (!kargs) return NULL;
    PyObject *ko = PyObject_CallObject((PyObject *)KeyType, kargs);
    Py_DECREF(kargs);
    if (!ko) return NULL;
    CmacObject *s = (CmacObject *)PyType_GenericAlloc(type, 0);
    if (!s) {
        Py_DECREF(ko);
        return NULL;
    }
    s->keyobj = (KeyObject *)ko;
    s->tag_len = (size_t)tag_len;
    return (PyObject *)s;
}

static int cmac_enter(CmacObject *s) {
    if (s->finalized) {
        PyErr_SetString(AlreadyFinalized, "Context was already finalized.");
        return -1;
    }
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this CMAC object is in use by another thread");
        return -1;
    }
    return 0;
}

static int cmac_append(CmacObject *s, const void *p, size_t n) {
    if (n > s->cap - s->len) {
        if (n > (size_t)PY_SSIZE_T_MAX - s->len) {
            PyErr_NoMemory();
            return -1;
        }
        size_t cap = s->cap ? s->cap : 256;
        while (cap < s->len + n) cap = cap > (size_t)PY_SSIZE_T_MAX / 2 ? s->len + n : cap * 2;
        /* not realloc: the old copy is wiped before it is given back */
        uint8_t *m = PyMem_Malloc(cap);
        if (!m) {
            PyErr_NoMemory();
            return -1;
        }
        if (s->len) memcpy(m, s->msg, s->len);
        size_t len = s->len;
        cmac_drop(s);
        s->msg = m;
        s->len = len;
        s->cap = cap;
    }
    if (n) memcpy(s->msg + s->len, p, n);
    s->len += n;
    return 0;
}

static PyObject *Cmac_update(PyObject *op, PyObject *data) {
    CmacObject *s = (CmacObject *)op;
    if (cmac_enter(s) < 0) return NULL;
    Py_buffer in;
    if (get_in(data, &in, "data") < 0) return NULL;
    int r = cmac_append(s, in.buf, (size_t)in.len);
    release(&in);
    if (r < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *Cmac_finalize(PyObject *op, PyObject *unused) {
    (void)unused;
    CmacObject *s = (CmacObject *)op;
    if (cmac_enter(s) < 0) return NULL;
    uint8_t *o;
    PyObject *out = new_bytes((Py_ssize_t)s->tag_len, &o);
    if (!out) return NULL;
    int rc;
    s->busy = 1;
    RUN_RELEASED(s->len, rc = arx_cmac(s->keyobj->key, s->msg, s->len, o, s->tag_len));
    s->busy = 0;
    s->finalized = 1;
    cmac_drop(s);
    if (rc != ARX_OK) {
        Py_DECREF(out);
        return raise_status(rc, "CMAC");
    }
    return out;
}

static PyObject *Cmac_verify(PyObject *op, PyObject *sig) {
    CmacObject *s = (CmacObject *)op;
    if (cmac_enter(s) < 0) return NULL;
    Py_buffer t;
    if (get_in(sig, &t, "signature") < 0) return NULL;
    int rc = ARX_ERR_AUTH;
    s->busy = 1;
    /* A tag of another length never verifies: a short one would be a
     * truncation the caller did not ask for. */
    if ((size_t)t.len == s->tag_len)
        RUN_RELEASED(s->len, rc = arx_cmac_verify(s->keyobj->key, s->msg, s->len, t.buf, (size_t)t.len));
    s->busy = 0;
    s->finalized = 1;
    cmac_drop(s);
    release(&t);
    if (rc == ARX_ERR_AUTH) {
        PyErr_SetString(InvalidSignature, "Signature did not match digest.");
        return NULL;
    }
    if (rc != ARX_OK) return raise_status(rc, "CMAC");
    Py_RETURN_NONE;
}

static PyObject *Cmac_copy(PyObject *op, PyObject *unused) {
    (void)unused;
    CmacObject *s = (CmacObject *)op;
    if (cmac_enter(s) < 0) return NULL;
    CmacObject *c = (CmacObject *)PyType_GenericAlloc(Py_TYPE(op), 0);
    if (!c) return NULL;
    Py_INCREF((PyObject *)s->keyobj);
    c->keyobj = s->keyobj;
    c->tag_len = s->tag_len;
    if (cmac_append(c, s->msg, s->len) < 0) {
        Py_DECREF(c);
        return NULL;
    }
    return (PyObject *)c;
}

static PyObject *Cmac_get_name(PyObject *op, void *p) { return get_name((PyObject *)((CmacObject *)op)->keyobj, p); }
static PyObject *Cmac_get_backend(PyObject *op, void *p) {
    return get_backend((PyObject *)((CmacObject *)op)->keyobj, p);
}
static PyObject *Cmac_get_tag_length(PyObject *op, void *p) {
    (void)p;
    return PyLong_FromSize_t(((CmacObject *)op)->tag_len);
}

static PyMethodDef cmac_methods[] = {
    {"update", Cmac_update, METH_O, "update(data)"},
    {"finalize", Cmac_finalize, METH_NOARGS, "finalize() -> tag"},
    {"verify", Cmac_verify, METH_O, "verify(signature): raise InvalidSignature unless it matches"},
    {"copy", Cmac_copy, METH_NOARGS, "copy() -> an independent CMAC with the same state"},
    {NULL, NULL, 0, NULL},
};
static PyGetSetDef cmac_getset[] = {
    {"name", Cmac_get_name, NULL, "the cipher's name", NULL},
    {"backend", Cmac_get_backend, NULL, "the backend this key runs on", NULL},
    {"tag_length", Cmac_get_tag_length, NULL, "bytes finalize returns", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
static PyType_Slot cmac_slots[] = {
    {Py_tp_new, Cmac_new},
    {Py_tp_dealloc, Cmac_dealloc},
    {Py_tp_methods, cmac_methods},
    {Py_tp_getset, cmac_getset},
    {Py_tp_doc, "CMAC(name, key, tag_length=None, *, backend=None): SP 800-38B."},
    {0, NULL},
};
static PyType_Spec cmac_spec = {"arxcrypt._arxcrypt.CMAC", sizeof(CmacObject), 0,
                                Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, cmac_slots};

/* ---- files: the arxcrypt file format (arx_file_*, docs/FORMAT.md) ---------------- */

/*
 * FileWriter / FileReader hold one arx_file: the header, key derivation and
 * every chunk are the library's; arxcrypt.files only moves bytes between
 * file objects and these. Nonces and salts come from Python (os.urandom):
 * the library draws no randomness.
 */
typedef struct {
    PyObject_HEAD
    arx_file *f;
    int writer, done, busy;
    uint8_t header[ARX_FILE_HEADER_BYTES];
} FileObject;

static PyTypeObject *FileWriterType, *FileReaderType;

static void File_dealloc(PyObject *op) {
    arx_file_free(((FileObject *)op)->f); /* wipes the payload key and buffered data */
    free_self(op);
}

/* The header's problem in words (parse leaves the fields up to the failing one). */
static PyObject *header_error(int rc, const arx_file_header *h) {
    switch (rc) {
    case ARX_ERR_FORMAT:
        PyErr_SetString(PyExc_ValueError, "not an arxcrypt file (no ARXCRYPT magic)");
        break;
    case ARX_ERR_TRUNCATED:
        PyErr_SetString(InvalidTag, "not authentic: the file ends inside its header");
        break;
    case ARX_ERR_VERSION:
        PyErr_Format(PyExc_ValueError, "file format version %u; this arxcrypt reads version %d", h->version,
                     ARX_FILE_VERSION);
        break;
    case ARX_ERR_UNKNOWN_CIPHER:
        PyErr_Format(UnsupportedAlgorithm, "unknown cipher '%.40s' (arxcrypt.ciphers() lists them)", h->cipher);
        break;
    case ARX_ERR_MODE_UNSUPPORTED:
        PyErr_Format(UnsupportedAlgorithm,
                     "%.40s: files need a 128-bit-block cipher (GCM; a 64-bit block's birthday bound is too small)",
                     h->cipher);
        break;
    case ARX_ERR_KDF_LIMIT:
        PyErr_Format(PyExc_ValueError, "scrypt parameters out of range (log2 N %u, r %u, p %u)", h->log2n, h->r,
                     h->p);
        break;
    case ARX_ERR_HEADER:
        if (h->chunk_bytes == 0)
            PyErr_SetString(PyExc_ValueError, "malformed header (cipher name)");
        else if (h->chunk_bytes < ARX_FILE_CHUNK_MIN || h->chunk_bytes > ARX_FILE_CHUNK_MAX)
            PyErr_Format(PyExc_ValueError, "chunk size %u out of range (%u..%u)", h->chunk_bytes, ARX_FILE_CHUNK_MIN,
                         ARX_FILE_CHUNK_MAX);
        else if (h->kdf != ARX_FILE_KDF_KEYFILE && h->kdf != ARX_FILE_KDF_SCRYPT)
            PyErr_Format(PyExc_ValueError, "unknown key derivation %u in the header", h->kdf);
        else
            PyErr_SetString(PyExc_ValueError, "malformed header (key-file header with scrypt fields)");
        break;
    default:
        raise_status(rc, "file header");
    }
    return NULL;
}

/* The file keys for header h from a key (32 bytes) or a passphrase; scrypt
 * runs with the GIL released (up to seconds and 1 GiB, by the header). */
static int file_keys(const arx_file_header *h, PyObject *secret, arx_file_keys *keys) {
    Py_buffer sb;
    if (get_in(secret, &sb, h->kdf == ARX_FILE_KDF_SCRYPT ? "passphrase" : "key") < 0) return -1;
    uint8_t ikm[ARX_FILE_IKM_BYTES];
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = arx_file_ikm(h, sb.buf, (size_t)sb.len, ikm);
    if (rc == ARX_OK) rc = arx_file_derive_keys(h, ikm, keys);
    Py_END_ALLOW_THREADS
    arx_wipe(ikm, sizeof ikm);
    Py_ssize_t slen = sb.len;
    release(&sb);
    if (rc == ARX_OK) return 0;
    if (rc == ARX_ERR_KEY_LENGTH)
        PyErr_Format(PyExc_ValueError, "a file key is %d bytes (arxcrypt.files.generate_key()), not %zd",
                     ARX_FILE_IKM_BYTES, slen);
    else if (rc == ARX_ERR_UNSUPPORTED)
        PyErr_SetString(UnsupportedAlgorithm, "this build of arxcrypt has no key derivation (libcrypto); "
                                              "arxcrypt.files.kdf_available() says so");
    else
        raise_status(rc, "key derivation");
    return -1;
}

/* FileWriter(cipher, chunk_size, passphrase, secret, nonce, salt) */
static PyObject *FileWriter_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *names[] = {"cipher", "chunk_size", "passphrase", "secret", "nonce", "salt", NULL};
    PyObject *cipher, *secret;
    Py_ssize_t chunk;
    int pass;
    Py_buffer nonce, salt;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "UnpOy*y*:FileWriter", names, &cipher, &chunk, &pass, &secret, &nonce,
                                     &salt))
        return NULL;
    PyObject *ret = NULL;
    arx_file_header h;
    arx_file_keys keys;
    memset(&keys, 0, sizeof keys);
    const arx_cipher *c = cipher_from(cipher);
    if (!c) goto out;
    if (nonce.len != ARX_FILE_NONCE_BYTES || salt.len != ARX_FILE_SALT_BYTES) {
        PyErr_SetString(PyExc_ValueError, "nonce and salt are 16 bytes each");
        goto out;
    }
    if (arx_cipher_block_bytes(c) != 16) {
        PyErr_Format(UnsupportedAlgorithm, "%s: files need a 128-bit-block cipher (GCM; a %zu-bit block's birthday "
                     "bound is too small)", arx_cipher_name(c), 8 * arx_cipher_block_bytes(c));
        goto out;
    }
    if (chunk < (Py_ssize_t)ARX_FILE_CHUNK_MIN || chunk > (Py_ssize_t)ARX_FILE_CHUNK_MAX) {
        PyErr_Format(PyExc_ValueError, "chunk_size must be %u to %u bytes, not %zd", ARX_FILE_CHUNK_MIN,
                     ARX_FILE_CHUNK_MAX, chunk);
        goto out;
    }
    int rc = arx_file_header_init(&h, arx_cipher_name(c), (uint32_t)chunk,
                                  pass ? ARX_FILE_KDF_SCRYPT : ARX_FILE_KDF_KEYFILE, nonce.buf, salt.buf);
    if (rc != ARX_OK) {
        header_error(rc, &h);
        goto out;
    }
    if (file_keys(&h, secret, &keys) < 0) goto out;
    FileObject *self = (FileObject *)PyType_GenericAlloc(type, 0);
    if (!self) goto out;
    self->writer = 1;
    rc = arx_file_seal_new(&self->f, &h, &keys, self->header);
    if (rc != ARX_OK) {
        Py_DECREF(self);
        raise_status(rc, "file");
        goto out;
    }
    ret = (PyObject *)self;
out:
    arx_wipe(&keys, sizeof keys);
    PyBuffer_Release(&nonce);
    PyBuffer_Release(&salt);
    return ret;
}

/* FileReader(header, secret, passphrase): header is the file's first 95 bytes (or fewer, if it had fewer). */
static PyObject *FileReader_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *names[] = {"header", "secret", "passphrase", NULL};
    PyObject *secret;
    Py_buffer raw;
    int pass;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "y*Op:FileReader", names, &raw, &secret, &pass)) return NULL;
    PyObject *ret = NULL;
    arx_file_header h;
    arx_file_keys keys;
    memset(&keys, 0, sizeof keys);
    int rc = arx_file_header_parse(&h, raw.buf, (size_t)raw.len);
    if (rc != ARX_OK) {
        header_error(rc, &h);
        goto out;
    }
    if (h.kdf == ARX_FILE_KDF_SCRYPT && !pass) {
        PyErr_SetString(PyExc_ValueError, "this file was encrypted with a passphrase: pass passphrase=...");
        goto out;
    }
    if (h.kdf == ARX_FILE_KDF_KEYFILE && pass) {
        PyErr_SetString(PyExc_ValueError, "this file was encrypted with a key: pass key=...");
        goto out;
    }
    if (file_keys(&h, secret, &keys) < 0) goto out;
    FileObject *self = (FileObject *)PyType_GenericAlloc(type, 0);
    if (!self) goto out;
    memcpy(self->header, raw.buf, ARX_FILE_HEADER_BYTES);
    rc = arx_file_open_new(&self->f, self->header, &keys);
    if (rc != ARX_OK) {
        Py_DECREF(self);
        if (rc == ARX_ERR_AUTH)
            PyErr_SetString(InvalidTag, "wrong key or passphrase (or the header was altered)");
        else
            raise_status(rc, "file");
        goto out;
    }
    ret = (PyObject *)self;
out:
    arx_wipe(&keys, sizeof keys);
    PyBuffer_Release(&raw);
    return ret;
}

static PyObject *file_failure(FileObject *s, int rc) {
    uint64_t idx = 0;
    if (rc == ARX_ERR_AUTH || rc == ARX_ERR_TRUNCATED) {
        if (arx_file_failed_chunk(s->f, &idx) == ARX_OK)
            PyErr_Format(InvalidTag, "not authentic from chunk %llu on (altered, truncated, reordered or "
                                     "extended)", (unsigned long long)idx);
        else
            PyErr_SetString(InvalidTag, "not authentic (altered, truncated, reordered or extended)");
        return NULL;
    }
    return raise_status(rc, "file");
}

static int file_enter(FileObject *s) {
    if (s->done) {
        PyErr_SetString(AlreadyFinalized, "the file was already finished (or failed)");
        return -1;
    }
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this file object is in use by another thread");
        return -1;
    }
    return 0;
}

/* update(data) -> bytes: what the library releases now (sealed chunks, or
 * the plaintext of chunks whose tags verified). */
static PyObject *File_update(PyObject *op, PyObject *data) {
    FileObject *s = (FileObject *)op;
    if (file_enter(s) < 0) return NULL;
    Py_buffer in;
    if (get_in(data, &in, "data") < 0) return NULL;
    size_t need = arx_file_update_size(s->f, (size_t)in.len), got = 0;
    PyObject *out = NULL;
    uint8_t *o;
    if (need > (size_t)PY_SSIZE_T_MAX) {
        PyErr_SetString(PyExc_OverflowError, "data too long");
    } else if ((out = new_bytes((Py_ssize_t)need, &o)) != NULL) {
        int rc;
        s->busy = 1;
        RUN_RELEASED(in.len, rc = arx_file_update(s->f, o, need, &got, in.buf, (size_t)in.len));
        s->busy = 0;
        if (rc != ARX_OK) {
            Py_CLEAR(out); /* nothing of a failing call is released */
            s->done = 1;
            file_failure(s, rc);
        } else if (got != need) {
            Py_CLEAR(out);
            PyErr_SetString(PyExc_SystemError, "arx_file_update wrote another size than arx_file_update_size said");
        }
    }
    release(&in);
    return out;
}

static PyObject *File_final(PyObject *op, PyObject *unused) {
    (void)unused;
    FileObject *s = (FileObject *)op;
    if (file_enter(s) < 0) return NULL;
    size_t need = arx_file_final_size(s->f), got = 0;
    uint8_t *o;
    PyObject *out = new_bytes((Py_ssize_t)need, &o);
    if (!out) return NULL;
    int rc;
    s->busy = 1;
    RUN_RELEASED(need, rc = arx_file_final(s->f, o, need, &got));
    s->busy = 0;
    s->done = 1;
    if (rc != ARX_OK) {
        Py_DECREF(out);
        return file_failure(s, rc);
    }
    return out;
}

static PyObject *File_get_header(PyObject *op, void *p) {
    (void)p;
    return PyBytes_FromStringAndSize((const char *)((FileObject *)op)->header, ARX_FILE_HEADER_BYTES);
}

static PyMethodDef file_methods[] = {
    {"update", File_update, METH_O, "update(data) -> bytes released now"},
    {"final", File_final, METH_NOARGS, "final() -> the last bytes; raises InvalidTag if not authentic"},
    {NULL, NULL, 0, NULL},
};
static PyGetSetDef file_getset[] = {
    {"header", File_get_header, NULL, "the file's 95-byte header", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
static PyType_Slot file_writer_slots[] = {
    {Py_tp_new, FileWriter_new},      {Py_tp_dealloc, File_dealloc}, {Py_tp_methods, file_methods},
    {Py_tp_getset, file_getset},      {Py_tp_doc, "Seals a file: header, then update()/final()."},
    {0, NULL},
};
static PyType_Slot file_reader_slots[] = {
    {Py_tp_new, FileReader_new},      {Py_tp_dealloc, File_dealloc}, {Py_tp_methods, file_methods},
    {Py_tp_getset, file_getset},      {Py_tp_doc, "Opens a file: the header checked, then update()/final()."},
    {0, NULL},
};
static PyType_Spec file_writer_spec = {"arxcrypt._arxcrypt.FileWriter", sizeof(FileObject), 0, Py_TPFLAGS_DEFAULT,
                                       file_writer_slots};
static PyType_Spec file_reader_spec = {"arxcrypt._arxcrypt.FileReader", sizeof(FileObject), 0, Py_TPFLAGS_DEFAULT,
                                       file_reader_slots};

static PyObject *mod_file_kdf_available(PyObject *m, PyObject *unused) {
    (void)m;
    (void)unused;
    return PyBool_FromLong(arx_file_kdf_available());
}

/* ---- module functions ----------------------------------------------------------- */

static PyObject *mod_ciphers(PyObject *m, PyObject *unused) {
    (void)m;
    (void)unused;
    size_t n = arx_cipher_count();
    PyObject *l = PyList_New((Py_ssize_t)n);
    if (!l) return NULL;
    for (size_t i = 0; i < n; i++) {
        PyObject *s = PyUnicode_FromString(arx_cipher_name(arx_cipher_at(i)));
        if (!s || PyList_SetItem(l, (Py_ssize_t)i, s) < 0) {
            Py_DECREF(l);
            return NULL;
        }
    }
    return l;
}

/* backends(name, all=False): the backends this CPU runs (all=True: every
 * one the build has), in the library's order, "ref" first. */
static PyObject *mod_backends(PyObject *m, PyObject *args, PyObject *kw) {
    (void)m;
    static char *names[] = {"name", "all", NULL};
    PyObject *name;
    int all = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|p:backends", names, &name, &all)) return NULL;
    const arx_cipher *c = cipher_from(name);
    if (!c) return NULL;
    PyObject *l = PyList_New(0);
    if (!l) return NULL;
    for (size_t i = 0; i < arx_cipher_backend_count(c); i++) {
        if (!all && !arx_cipher_backend_available(c, i)) continue;
        PyObject *s = PyUnicode_FromString(arx_cipher_backend_name(c, i));
        if (!s || PyList_Append(l, s) < 0) {
            Py_XDECREF(s);
            Py_DECREF(l);
            return NULL;
        }
        Py_DECREF(s);
    }
    return l;
}

static PyObject *mod_cipher_info(PyObject *m, PyObject *name) {
    (void)m;
    const arx_cipher *c = cipher_from(name);
    if (!c) return NULL;
    PyObject *modes = PyList_New(0);
    if (!modes) return NULL;
    for (int i = 0; i < ARX_MODE_COUNT_; i++) {
        if (arx_mode_check(c, (arx_mode)i) != ARX_OK) continue;
        PyObject *s = PyUnicode_FromString(arx_mode_name((arx_mode)i));
        if (!s || PyList_Append(modes, s) < 0) {
            Py_XDECREF(s);
            Py_DECREF(modes);
            return NULL;
        }
        Py_DECREF(s);
    }
    return Py_BuildValue("{s:s,s:n,s:n,s:N}", "name", arx_cipher_name(c), "block_size",
                         (Py_ssize_t)arx_cipher_block_bytes(c), "key_size", (Py_ssize_t)arx_cipher_key_bytes(c),
                         "modes", modes);
}

static PyObject *mod_cpu_features(PyObject *m, PyObject *unused) {
    (void)m;
    (void)unused;
    return PyUnicode_FromString(arx_cpu_features_string());
}

static PyObject *mod_set_gil_threshold(PyObject *m, PyObject *arg) {
    (void)m;
    Py_ssize_t n = PyLong_AsSsize_t(arg);
    if (n == -1 && PyErr_Occurred()) return NULL;
    Py_ssize_t old = gil_threshold;
    gil_threshold = n < 0 ? 0 : n;
    return PyLong_FromSsize_t(old);
}

/* ---- many messages at once (arx_*_many) ------------------------------------- */

/*
 * aead_many(items, decrypt) -> list. items: a sequence of (box, nonce, data,
 * associated_data) with every box a GCM, or every box a CCM, all of one
 * cipher (each box its own key and tag_length). Encryption returns
 * ciphertext || tag per item; decryption the plaintext per item, or None
 * where that item's tag failed (the library zeroed its output; nothing of it
 * is returned). Argument errors raise ValueError naming the item, before
 * anything is computed. The GIL is released for large batches.
 */
static PyObject *mod_aead_many(PyObject *m, PyObject *args) {
    (void)m;
    PyObject *items, *seq = NULL, *result = NULL;
    int decrypt;
    if (!PyArg_ParseTuple(args, "Op:aead_many", &items, &decrypt)) return NULL;
    seq = PySequence_List(items); /* the limited API has no PySequence_Fast macros */
    if (!seq) return NULL;
    const Py_ssize_t n = PyList_Size(seq);
    arx_job *jobs = PyMem_Calloc(n ? (size_t)n : 1, sizeof *jobs);
    Py_buffer *bufs = PyMem_Calloc(n ? (size_t)n * 3 : 1, sizeof *bufs); /* nonce, data, aad per item */
    PyObject **outs = PyMem_Calloc(n ? (size_t)n : 1, sizeof *outs);
    if (!jobs || !bufs || !outs) {
        PyErr_NoMemory();
        goto done;
    }
    int ccm = -1;
    Py_ssize_t total = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *it = PyList_GetItem(seq, i);
        if (!PyTuple_Check(it) || (PyTuple_Size(it) != 3 && PyTuple_Size(it) != 4)) {
            PyErr_Format(PyExc_TypeError, "item %zd must be a tuple (box, nonce, data[, associated_data])", i);
            goto done;
        }
        PyObject *box = PyTuple_GetItem(it, 0);
        int is_gcm = PyObject_TypeCheck(box, GCMType), is_ccm = PyObject_TypeCheck(box, CCMType);
        if (!is_gcm && !is_ccm) {
            PyErr_Format(PyExc_TypeError, "item %zd: the box must be an arxcrypt.aead.GCM or CCM", i);
            goto done;
        }
        if (ccm < 0) ccm = is_ccm;
        if (ccm != is_ccm) {
            PyErr_SetString(PyExc_ValueError, "items mix GCM and CCM boxes: one mode per call");
            goto done;
        }
        AeadObject *a = (AeadObject *)box;
        PyObject *aad = PyTuple_Size(it) == 4 ? PyTuple_GetItem(it, 3) : Py_None;
        if (get_in(PyTuple_GetItem(it, 1), &bufs[3 * i], "nonce") < 0 ||
            get_in(PyTuple_GetItem(it, 2), &bufs[3 * i + 1], "data") < 0 ||
            get_in_opt(aad, &bufs[3 * i + 2], "associated_data") < 0)
            goto done;
        Py_ssize_t len = bufs[3 * i + 1].len;
        if (decrypt && (size_t)len < a->tag_len) {
            PyErr_Format(PyExc_ValueError, "item %zd: data is shorter than the %zu-byte tag", i, a->tag_len);
            goto done;
        }
        if (!decrypt && len > PY_SSIZE_T_MAX - 16) {
            PyErr_SetString(PyExc_OverflowError, "data too long");
            goto done;
        }
        size_t mlen = decrypt ? (size_t)len - a->tag_len : (size_t)len;
        uint8_t *o;
        outs[i] = new_bytes((Py_ssize_t)(decrypt ? mlen : mlen + a->tag_len), &o);
        if (!outs[i]) goto done;
        arx_job *j = &jobs[i];
        j->key = a->k.key;
        j->nonce = bufs[3 * i].buf;
        j->nonce_len = (size_t)bufs[3 * i].len;
        j->aad = bufs[3 * i + 2].buf;
        j->aad_len = (size_t)bufs[3 * i + 2].len;
        j->in = bufs[3 * i + 1].buf;
        j->out = o;
        j->len = mlen;
        j->tag = decrypt ? (uint8_t *)bufs[3 * i + 1].buf + mlen : o + mlen; /* read only when decrypting */
        j->tag_len = a->tag_len;
        total += len;
    }
    int rc;
    if (ccm == 1)
        RUN_RELEASED(total, rc = decrypt ? arx_ccm_decrypt_many(jobs, (size_t)n) : arx_ccm_encrypt_many(jobs, (size_t)n));
    else
        RUN_RELEASED(total, rc = decrypt ? arx_gcm_decrypt_many(jobs, (size_t)n) : arx_gcm_encrypt_many(jobs, (size_t)n));
    if (rc != ARX_OK && rc != ARX_ERR_AUTH) {
        Py_ssize_t bad = 0;
        while (bad < n && jobs[bad].status == ARX_OK) bad++;
        if (rc == ARX_ERR_CIPHER_MIX)
            PyErr_Format(PyExc_ValueError, "item %zd: keys of different ciphers in one call", bad);
        else if (rc == ARX_ERR_IV_LENGTH)
            PyErr_Format(PyExc_ValueError, ccm == 1 ? "item %zd: CCM nonce must be 7 to 13 bytes"
                                                    : "item %zd: GCM nonce must not be empty", bad);
        else
            PyErr_Format(PyExc_ValueError, "item %zd: %s", bad, arx_strerror(rc));
        goto done;
    }
    result = PyList_New(n);
    if (!result) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (jobs[i].status == ARX_OK) {
            PyList_SetItem(result, i, outs[i]); /* steals the reference */
            outs[i] = NULL;
        } else {
            PyList_SetItem(result, i, Py_NewRef(Py_None)); /* forged: its zeroed output is dropped */
        }
    }
done:
    for (Py_ssize_t i = 0; bufs && i < 3 * n; i++) release(&bufs[i]);
    for (Py_ssize_t i = 0; outs && i < n; i++) Py_XDECREF(outs[i]);
    PyMem_Free(jobs);
    PyMem_Free(bufs);
    PyMem_Free(outs);
    Py_DECREF(seq);
    return result;
}

static PyMethodDef mod_methods[] = {
    {"ciphers", mod_ciphers, METH_NOARGS, "ciphers() -> list of every cipher's name"},
    {"backends", (PyCFunction)(void (*)(void))mod_backends, METH_VARARGS | METH_KEYWORDS,
     "backends(name, all=False) -> the backends of a cipher this CPU runs ('ref' first)"},
    {"cipher_info", mod_cipher_info, METH_O, "cipher_info(name) -> dict(name, block_size, key_size, modes)"},
    {"aead_many", mod_aead_many, METH_VARARGS,
     "aead_many(items, decrypt) -> list: GCM or CCM over many (box, nonce, data[, aad]) at once"},
    {"cpu_features", mod_cpu_features, METH_NOARGS, "the CPU features the library detected"},
    {"file_kdf_available", mod_file_kdf_available, METH_NOARGS,
     "file_kdf_available() -> True if this build derives file keys (scrypt, HKDF from libcrypto)"},
    {"_set_gil_threshold", mod_set_gil_threshold, METH_O,
     "_set_gil_threshold(n) -> old: calls on n bytes or more release the GIL (for tests)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moddef = {PyModuleDef_HEAD_INIT, "arxcrypt._arxcrypt",
                                    "arxcrypt's C core (use the arxcrypt package)", -1, mod_methods,
                                    NULL, NULL, NULL, NULL};

static int add_type(PyObject *m, PyTypeObject **slot, PyType_Spec *spec, const char *name) {
    *slot = (PyTypeObject *)PyType_FromSpec(spec);
    if (!*slot) return -1;
    return PyModule_AddObjectRef(m, name, (PyObject *)*slot);
}

static int add_exc(PyObject *m, PyObject **slot, const char *name, const char *doc, PyObject *base) {
    char full[64];
    snprintf(full, sizeof full, "arxcrypt.%s", name);
    *slot = PyErr_NewExceptionWithDoc(full, doc, base, NULL);
    if (!*slot) return -1;
    return PyModule_AddObjectRef(m, name, *slot);
}

PyMODINIT_FUNC PyInit__arxcrypt(void) {
    PyObject *m = PyModule_Create(&moddef);
    if (!m) return NULL;
    if (add_type(m, &KeyType, &key_spec, "Key") < 0 || add_type(m, &GCMType, &gcm_spec, "GCM") < 0 ||
        add_type(m, &CCMType, &ccm_spec, "CCM") < 0 || add_type(m, &ContextType, &ctx_spec, "CipherContext") < 0 ||
        add_type(m, &CMACType, &cmac_spec, "CMAC") < 0 || add_type(m, &XTSType, &xts_spec, "XTS") < 0 ||
        add_type(m, &FileWriterType, &file_writer_spec, "FileWriter") < 0 ||
        add_type(m, &FileReaderType, &file_reader_spec, "FileReader") < 0)
        goto fail;
    if (add_exc(m, &InvalidTag, "InvalidTag", "Authentication failed: the tag does not match.", NULL) < 0 ||
        add_exc(m, &InvalidSignature, "InvalidSignature", "The MAC does not match.", NULL) < 0 ||
        add_exc(m, &UnsupportedAlgorithm, "UnsupportedAlgorithm",
                "Unknown cipher or backend, or a mode the cipher cannot do.", PyExc_ValueError) < 0 ||
        add_exc(m, &AlreadyFinalized, "AlreadyFinalized", "The context was already finalized.", PyExc_ValueError) < 0 ||
        add_exc(m, &AlreadyUpdated, "AlreadyUpdated", "Associated data after update().", PyExc_ValueError) < 0 ||
        add_exc(m, &NotYetFinalized, "NotYetFinalized", "The tag is known only after finalize().",
                PyExc_ValueError) < 0)
        goto fail;
    if (PyModule_AddStringConstant(m, "library_version", arx_version()) < 0) goto fail;
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
