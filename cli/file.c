/*
 * arxcrypt keygen / encrypt / decrypt: authenticated file encryption in the
 * arxcrypt file format (docs/FORMAT.md), through the library's file API
 * (arxcrypt.h, "files"). This file adds what a command needs around it:
 * secrets from files or the terminal, output files, progress, and threads
 * over the API's chunk calls.
 *
 * Nothing is lost and nothing is released early:
 * - Output to a file appears whole or not at all (output.c: an unnamed
 *   O_TMPFILE file on Linux, else a hidden temporary beside the target). It
 *   takes the target's name only after the last chunk was written, synced,
 *   and for decryption verified; a kill at any point leaves no part of it.
 * - To stdout, decryption writes each chunk only after its tag verified and
 *   stops at the first failure, naming the chunk.
 * - An existing output is never replaced without --force. The input is never
 *   written, and an output that is the input is refused. An input file that
 *   changes while it is read (truncated, appended to, rewritten) is reported
 *   and gives no output: encrypting it would seal a file that never existed.
 * Exit status (cli.h): 0 success, 1 authentication failed (wrong key or
 * passphrase, altered or truncated file), 2 usage and other errors, 3 the
 * OS refused a file operation (its reason and the path printed), 4 the
 * input changed while it was read.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "arxcrypt.h"
#include "cli.h"

enum { ST_OK = ARX_EXIT_OK, ST_AUTH = ARX_EXIT_AUTH, ST_ERROR = ARX_EXIT_USAGE, ST_IO = ARX_EXIT_IO };

typedef struct {
    const char *cipher, *key_file, *pass_file, *in, *out, *threads, *chunk;
    int passphrase, force, quiet;
} file_opts;

static int parse(const char *cmd, int argc, char **argv, file_opts *o, int encrypting) {
    memset(o, 0, sizeof *o);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = NULL;
        if (encrypting && (!strcmp(a, "-c") || !strcmp(a, "--cipher"))) slot = &o->cipher;
        else if (encrypting && !strcmp(a, "--chunk-size")) slot = &o->chunk;
        else if (!strcmp(a, "--key-file")) slot = &o->key_file;
        else if (!strcmp(a, "--passphrase-file")) slot = &o->pass_file;
        else if (!strcmp(a, "-i") || !strcmp(a, "--in")) slot = &o->in;
        else if (!strcmp(a, "-o") || !strcmp(a, "--out")) slot = &o->out;
        else if (!strcmp(a, "--threads")) slot = &o->threads;
        else if (!strcmp(a, "--passphrase")) o->passphrase = 1;
        else if (!strcmp(a, "--force") || !strcmp(a, "-f")) o->force = 1;
        else if (!strcmp(a, "--quiet") || !strcmp(a, "-q")) o->quiet = 1;
        else return arx_cli_error("%s: unknown option '%s'", cmd, a), ST_ERROR;
        if (slot) {
            if (i + 1 >= argc) return arx_cli_error("%s: option '%s' needs a value", cmd, a), ST_ERROR;
            if (*slot) return arx_cli_error("%s: option '%s' given twice", cmd, a), ST_ERROR;
            *slot = argv[++i];
        }
    }
    if (!!o->key_file + !!o->pass_file + o->passphrase != 1)
        return arx_cli_error("%s: give exactly one of --key-file F, --passphrase, --passphrase-file F", cmd), ST_ERROR;
    return ST_OK;
}

static int random_bytes(uint8_t *p, size_t n) {
    while (n) {
        ssize_t r = getrandom(p, n, 0);
        if (r < 0) {
            if (errno == EINTR) continue;
            return 0;
        }
        p += r;
        n -= (size_t)r;
    }
    return 1;
}

/* The whole of a small file (keys, passphrases): at most cap bytes; 0 or an
 * exit status. */
static int read_small(const char *cmd, const char *path, uint8_t *buf, size_t cap, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return arx_cli_error("%s: cannot open '%s': %s", cmd, path, strerror(errno)), ST_IO;
    size_t n = fread(buf, 1, cap, f);
    int extra = n == cap && getc(f) != EOF, err = ferror(f) ? errno : 0;
    fclose(f);
    if (err) return arx_cli_error("%s: read error on '%s': %s", cmd, path, strerror(err)), ST_IO;
    if (extra) return arx_cli_error("%s: '%s' is too long for a key or passphrase file", cmd, path), ST_ERROR;
    *len = n;
    return 0;
}

/* One line from the terminal without echo. */
static int tty_line(int fd, const char *prompt, char *buf, size_t cap, size_t *len) {
    struct termios old, quiet;
    if (tcgetattr(fd, &old)) return 0;
    quiet = old;
    quiet.c_lflag &= ~(tcflag_t)ECHO;
    quiet.c_lflag |= ICANON;
    if (tcsetattr(fd, TCSANOW, &quiet) || write(fd, prompt, strlen(prompt)) < 0) { /* echo off, then ask */
        tcsetattr(fd, TCSANOW, &old);
        return 0;
    }
    size_t n = 0, typed = 0;
    char c;
    ssize_t r;
    while ((r = read(fd, &c, 1)) == 1 && c != '\n') {
        if (n < cap) buf[n++] = c;
        typed++; /* past cap: counted, so the caller refuses it instead of cutting it */
    }
    tcsetattr(fd, TCSANOW, &old);
    if (write(fd, "\n", 1) < 0) return 0;
    *len = n;
    if (typed > cap) return 2;
    return r == 1 || n > 0;
}

/* The secret: a key file's 32 bytes, or a passphrase (twice when it is new);
 * 0 or an exit status. */
static int get_secret(const char *cmd, const file_opts *o, int confirm, uint8_t *buf, size_t cap, size_t *len) {
    if (o->key_file) return read_small(cmd, o->key_file, buf, cap, len);
    if (o->pass_file) {
        int rc = read_small(cmd, o->pass_file, buf, cap, len);
        if (rc) return rc;
        if (*len && buf[*len - 1] == '\n') (*len)--; /* the file's final line break is not part of it */
        if (*len && buf[*len - 1] == '\r') (*len)--;
    } else {
        int fd = open("/dev/tty", O_RDWR | O_CLOEXEC);
        if (fd < 0 || !isatty(fd)) {
            if (fd >= 0) close(fd);
            return arx_cli_error("%s: --passphrase needs a terminal; use --passphrase-file F", cmd), ST_ERROR;
        }
        char again[1024];
        size_t alen = 0;
        int ok = tty_line(fd, "Passphrase: ", (char *)buf, cap, len);
        if (ok == 1 && confirm) ok = tty_line(fd, "Passphrase (again): ", again, sizeof again, &alen);
        close(fd);
        if (ok == 2) {
            arx_wipe(again, sizeof again);
            return arx_cli_error("%s: the passphrase is longer than %zu bytes", cmd, cap < sizeof again ? cap : sizeof again),
                   ST_ERROR;
        }
        if (!ok) {
            arx_wipe(again, sizeof again);
            return arx_cli_error("%s: could not read the passphrase from the terminal", cmd), ST_ERROR;
        }
        int same = !confirm || (alen == *len && !memcmp(again, buf, alen));
        arx_wipe(again, sizeof again);
        if (!same) return arx_cli_error("%s: the passphrases do not match", cmd), ST_ERROR;
    }
    if (*len == 0) return arx_cli_error("%s: the passphrase is empty", cmd), ST_ERROR;
    return 0;
}

/* ---- progress on stderr ---------------------------------------------------------------- */

typedef struct {
    uint64_t total;
    double start, last;
} progress;

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void show_progress(void *ctx, uint64_t done) {
    progress *p = ctx;
    double t = now_s();
    if (t - p->last < 0.1 && done < p->total) return;
    p->last = t;
    double frac = p->total ? (double)done / (double)p->total : 1;
    if (frac > 1) frac = 1;
    double rate = (double)done / (t - p->start + 1e-9);
    double eta = rate > 0 ? (double)(p->total - (done < p->total ? done : p->total)) / rate : 0;
    char bar[31];
    int fill = (int)(frac * 30);
    for (int i = 0; i < 30; i++) bar[i] = i < fill ? '#' : '.';
    bar[30] = 0;
    fprintf(stderr, "\r[%s] %3.0f%%  %.1f / %.1f MiB  %.1f MB/s  ETA %.0f s  ", bar, 100 * frac,
            (double)done / 1048576.0, (double)p->total / 1048576.0, rate / 1e6, eta);
    fflush(stderr);
}

/* ---- commands --------------------------------------------------------------------------- */

int arx_cmd_keygen(int argc, char **argv) {
    const char *out = NULL;
    int force = 0;
    for (int i = 0; i < argc; i++) {
        if ((!strcmp(argv[i], "-o") || !strcmp(argv[i], "--out")) && i + 1 < argc && !out) out = argv[++i];
        else if (!strcmp(argv[i], "--force") || !strcmp(argv[i], "-f")) force = 1;
        else return arx_cli_error("keygen: unknown or repeated option '%s' (usage: keygen -o KEYFILE)", argv[i]), 2;
    }
    if (!out) return arx_cli_error("keygen: missing -o KEYFILE"), 2;
    uint8_t key[ARX_FILE_IKM_BYTES];
    if (!random_bytes(key, sizeof key)) return arx_cli_error("keygen: the OS gave no random bytes"), 2;
    /* a new file (mode 0600, whatever an old one had) that appears whole or
     * not at all; --force replaces the name (a link there, not its target) */
    arx_output o;
    int rc = arx_output_open(&o, "keygen", out, force, 0600, NULL, 0);
    if (rc == 0 && (rc = arx_output_write(&o, key, sizeof key)) != 0) {
        arx_output_abort(&o);
        arx_cli_error("keygen: write error on '%s': %s", out, strerror(rc));
        rc = ARX_EXIT_IO;
    } else if (rc == 0) {
        rc = arx_output_commit(&o, "keygen");
    }
    arx_wipe(key, sizeof key);
    return rc;
}

/* ---- chunks in parallel --------------------------------------------------------------- */

/* Bytes read into buf (n wanted); fewer only at end of input or on error. */
static size_t read_full(FILE *f, uint8_t *buf, size_t n) {
    size_t got = 0;
    while (got < n) {
        size_t r = fread(buf + got, 1, n - got, f);
        if (r == 0) break;
        got += r;
    }
    return got;
}

/* Whether the input is at its end, without consuming anything. */
static int at_eof(FILE *f) {
    int c = getc(f);
    if (c == EOF) return 1;
    ungetc(c, f);
    return 0;
}

static unsigned resolve_threads(unsigned t) {
    if (t == 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        t = n > 0 ? (unsigned)n : 1;
    }
    return t;
}

/*
 * fn(ctx, i) for i in 0..n-1 on up to `threads` threads (this one included),
 * each taking the next index as it finishes one. Plain POSIX threads started
 * per batch rather than OpenMP: between batches this thread reads and writes
 * while the others have nothing to do, and OpenMP's workers spin-wait then.
 * On a machine whose other core was busy, the spinning took the CPU from the
 * I/O: encrypting 256 MiB took 1.5 to 3.6 s instead of 0.45 s. Joined
 * threads sleep. Starting one costs tens of microseconds, so batches under
 * 256 KiB (small chunks) stay on this thread.
 */
#define PAR_MIN_BATCH (256u << 10)

typedef struct {
    void (*fn)(void *, int);
    void *ctx;
    int n;
    atomic_int next;
} par_batch;

static void *par_worker(void *p) {
    par_batch *b = p;
    for (int i; (i = atomic_fetch_add(&b->next, 1)) < b->n;) b->fn(b->ctx, i);
    return NULL;
}

static void par_for(unsigned threads, int n, void (*fn)(void *, int), void *ctx) {
    par_batch b = {fn, ctx, n, 0};
    pthread_t tid[64];
    unsigned started = 0, want = threads < (unsigned)n ? threads : (unsigned)n;
    if (want > 65) want = 65; /* 64 helpers and this thread */
    while (started + 1 < want && pthread_create(&tid[started], NULL, par_worker, &b) == 0) started++;
    par_worker(&b); /* this thread works too; with no helper thread, it does everything */
    for (unsigned i = 0; i < started; i++) pthread_join(tid[i], NULL);
}

/* Chunks per batch: every thread four times over, within 64 MiB of
 * plaintext (memory stays constant whatever the input). A batch is also
 * what a pipe waits for before output appears, so it is not made larger. */
static size_t batch_chunks(unsigned threads, uint32_t chunk) {
    size_t b = 4 * (size_t)threads, cap = (64u << 20) / chunk;
    if (b > cap) b = cap;
    return b ? b : 1;
}

/* One batch of chunks: the i-th has index first + i; the batch's last chunk
 * is the file's last when `last`. rc[i] gets each chunk call's status. */
typedef struct {
    const arx_file *f;
    uint8_t *pt, *ct;
    const size_t *lens; /* plaintext bytes of each chunk */
    int *rc;
    size_t chunk, per;
    uint64_t first;
    int n, last;
} chunk_job;

static void seal_one(void *p, int i) {
    const chunk_job *j = p;
    j->rc[i] = arx_file_seal_chunk(j->f, j->first + (uint64_t)i, j->last && i == j->n - 1,
                                   j->ct + (size_t)i * j->per, j->per, j->pt + (size_t)i * j->chunk, j->lens[i]);
}

static void open_one(void *p, int i) {
    const chunk_job *j = p;
    j->rc[i] = arx_file_open_chunk(j->f, j->first + (uint64_t)i, j->last && i == j->n - 1,
                                   j->pt + (size_t)i * j->chunk, j->chunk, j->ct + (size_t)i * j->per,
                                   j->lens[i] + ARX_FILE_TAG_BYTES);
}

/* Progress: called with the plaintext bytes done so far. */
typedef void (*progress_fn)(void *ctx, uint64_t bytes);

typedef struct {
    unsigned threads;     /* chunks sealed/opened at once; 0 = every core */
    progress_fn progress; /* may be NULL */
    void *progress_ctx;
    FILE *in;
    const char *in_name;  /* for messages */
    arx_output *out;
    char err[4400];       /* the reason, when a call fails (paths included) */
} file_io;

/* The status and message of a failed read (ferror) or write (err). */
static int read_failed(file_io *io) {
    snprintf(io->err, sizeof io->err, "read error on '%s': %s", io->in_name, strerror(errno));
    return ST_IO;
}

static int write_failed(file_io *io, int err) {
    snprintf(io->err, sizeof io->err, "write error on '%s': %s", arx_output_name(io->out), strerror(err));
    return ST_IO;
}

/* The chunk buffers of a batch: plaintext, stored chunks, lengths, statuses. */
typedef struct {
    uint8_t *pt, *ct;
    size_t *lens, pt_bytes;
    int *rc;
} batch_bufs;

static int batch_alloc(batch_bufs *b, size_t nb, size_t chunk) {
    b->pt = malloc(nb * chunk);
    b->ct = malloc(nb * (chunk + ARX_FILE_TAG_BYTES));
    b->lens = malloc(nb * sizeof *b->lens);
    b->rc = malloc(nb * sizeof *b->rc);
    b->pt_bytes = b->pt ? nb * chunk : 0;
    return b->pt && b->ct && b->lens && b->rc;
}

static void batch_free(batch_bufs *b) {
    if (b->pt) arx_wipe(b->pt, b->pt_bytes);
    free(b->pt);
    free(b->ct);
    free(b->lens);
    free(b->rc);
}

/* Seal everything read from io->in into io->out: the header, then the chunks. */
static int seal_stream(file_io *io, const arx_file_header *h, const arx_file_keys *keys) {
    arx_file *f;
    FILE *in = io->in;
    int err = 0;
    uint8_t raw[ARX_FILE_HEADER_BYTES];
    int rc = arx_file_seal_new(&f, h, keys, raw);
    if (rc) {
        snprintf(io->err, sizeof io->err, "%s", arx_strerror(rc));
        return ST_ERROR;
    }
    int status = ST_OK;
    const unsigned threads = resolve_threads(io->threads);
    const size_t chunk = h->chunk_bytes, nb = batch_chunks(threads, h->chunk_bytes), per = chunk + ARX_FILE_TAG_BYTES;
    batch_bufs b;
    if (!batch_alloc(&b, nb, chunk)) {
        snprintf(io->err, sizeof io->err, "out of memory");
        status = ST_ERROR;
        goto done;
    }
    if ((err = arx_output_write(io->out, raw, sizeof raw))) goto write_error;
    uint64_t index = 0, done_bytes = 0;
    for (int last = 0; !last;) {
        size_t n = 0;
        while (n < nb && !last) {
            b.lens[n] = read_full(in, b.pt + n * chunk, chunk);
            if (ferror(in)) {
                status = read_failed(io);
                goto done;
            }
            last = b.lens[n] < chunk || at_eof(in);
            n++;
        }
        chunk_job job = {f, b.pt, b.ct, b.lens, b.rc, chunk, per, index, (int)n, last};
        par_for(n * chunk >= PAR_MIN_BATCH ? threads : 1, (int)n, seal_one, &job);
        size_t bytes = 0; /* the batch's chunks lie end to end (only the last may be short): one write */
        for (size_t i = 0; i < n; i++) {
            if (b.rc[i]) { /* not expected: the lengths follow the format's rules */
                snprintf(io->err, sizeof io->err, "chunk %llu: %s", (unsigned long long)(index + i),
                         arx_strerror(b.rc[i]));
                status = ST_ERROR;
                goto done;
            }
            bytes += b.lens[i] + ARX_FILE_TAG_BYTES;
            done_bytes += b.lens[i];
        }
        if ((err = arx_output_write(io->out, b.ct, bytes))) goto write_error;
        index += n;
        if (io->progress) io->progress(io->progress_ctx, done_bytes);
    }
    goto done;
write_error:
    status = write_failed(io, err);
done:
    batch_free(&b);
    arx_file_free(f);
    return status;
}

/* Verify the header's tag, then open the chunks from in, writing each one's
 * plaintext to out only after its tag verified. Stops at the first chunk
 * that fails (ST_AUTH, the chunk named in io->err). */
static int open_stream(file_io *io, const arx_file_header *h, const uint8_t raw[ARX_FILE_HEADER_BYTES],
                       const arx_file_keys *keys) {
    arx_file *f;
    FILE *in = io->in;
    int rc = arx_file_open_new(&f, raw, keys);
    if (rc == ARX_ERR_AUTH) {
        snprintf(io->err, sizeof io->err, "wrong key or passphrase (or the header was altered)");
        return ST_AUTH;
    }
    if (rc) {
        snprintf(io->err, sizeof io->err, "%s", arx_strerror(rc));
        return ST_ERROR;
    }
    int status = ST_OK;
    const unsigned threads = resolve_threads(io->threads);
    const size_t chunk = h->chunk_bytes, nb = batch_chunks(threads, h->chunk_bytes), per = chunk + ARX_FILE_TAG_BYTES;
    batch_bufs b;
    if (!batch_alloc(&b, nb, chunk)) {
        snprintf(io->err, sizeof io->err, "out of memory");
        status = ST_ERROR;
        goto done;
    }
    uint64_t index = 0, done_bytes = 0;
    for (int last = 0; !last;) {
        size_t n = 0;
        while (n < nb && !last) {
            size_t got = read_full(in, b.ct + n * per, per);
            if (ferror(in)) {
                status = read_failed(io);
                goto done;
            }
            if (got < ARX_FILE_TAG_BYTES) { /* also: no chunk at all after the header */
                if (n == 0) {
                    snprintf(io->err, sizeof io->err,
                             "chunk %llu is missing or shorter than its tag: the file is truncated",
                             (unsigned long long)index);
                    status = ST_AUTH;
                    goto done;
                }
                break; /* a stub after full chunks: those go out first, the stub is reported next round */
            }
            b.lens[n] = got - ARX_FILE_TAG_BYTES;
            last = got < per || at_eof(in);
            n++;
        }
        chunk_job job = {f, b.pt, b.ct, b.lens, b.rc, chunk, per, index, (int)n, last};
        par_for(n * chunk >= PAR_MIN_BATCH ? threads : 1, (int)n, open_one, &job);
        /* release plaintext in order, each chunk only once its tag verified */
        size_t i = 0, bytes = 0; /* the verified chunks lie end to end: written at once, up to a failure */
        for (; i < n && b.rc[i] == 0; i++) bytes += b.lens[i];
        int err = arx_output_write(io->out, b.pt, bytes);
        if (err) {
            status = write_failed(io, err);
            goto done;
        }
        done_bytes += bytes;
        if (i < n) {
            if (b.rc[i] == ARX_ERR_AUTH) {
                snprintf(io->err, sizeof io->err,
                         "chunk %llu failed authentication: the file was altered, reordered, truncated or "
                         "extended there",
                         (unsigned long long)(index + i));
                status = ST_AUTH;
                goto done;
            }
            if (b.rc[i]) {
                snprintf(io->err, sizeof io->err, "chunk %llu: %s", (unsigned long long)(index + i),
                         arx_strerror(b.rc[i]));
                status = ST_ERROR;
                goto done;
            }
        }
        index += n;
        if (io->progress) io->progress(io->progress_ctx, done_bytes);
    }
done:
    batch_free(&b);
    arx_file_free(f);
    return status;
}

/* ---- headers and keys: the library's codes as messages ----------------------------------- */

/* A cipher the file format refuses, or a header arx_file_header_parse
 * refused: the message (parse leaves the fields up to the failing one). */
static void header_message(int rc, const arx_file_header *h, char *err, size_t cap) {
    const arx_cipher *c = arx_cipher_by_name(h->cipher);
    switch (rc) {
    case ARX_ERR_FORMAT:
        snprintf(err, cap, "not an arxcrypt file (no ARXCRYPT magic)");
        break;
    case ARX_ERR_TRUNCATED:
        snprintf(err, cap, "truncated header");
        break;
    case ARX_ERR_VERSION:
        snprintf(err, cap, "file format version %u; this arxcrypt reads version %d", h->version, ARX_FILE_VERSION);
        break;
    case ARX_ERR_UNKNOWN_CIPHER:
        snprintf(err, cap, "unknown cipher '%.40s' (see 'arxcrypt list')", h->cipher);
        break;
    case ARX_ERR_MODE_UNSUPPORTED:
        snprintf(err, cap,
                 "%.40s has a %zu-bit block: files need a 128-bit-block cipher (GCM; a 64-bit block's "
                 "birthday bound is too small for files)",
                 h->cipher, 8 * arx_cipher_block_bytes(c));
        break;
    case ARX_ERR_KDF_LIMIT:
        snprintf(err, cap, "scrypt parameters out of range (log2 N %u, r %u, p %u)", h->log2n, h->r, h->p);
        break;
    case ARX_ERR_HEADER: /* which field: the first one parse left zero tells */
        if (h->chunk_bytes == 0)
            snprintf(err, cap, "malformed header (cipher name)");
        else if (h->chunk_bytes < ARX_FILE_CHUNK_MIN || h->chunk_bytes > ARX_FILE_CHUNK_MAX)
            snprintf(err, cap, "chunk size %u out of range (%u..%u)", h->chunk_bytes, ARX_FILE_CHUNK_MIN,
                     ARX_FILE_CHUNK_MAX);
        else if (h->kdf != ARX_FILE_KDF_KEYFILE && h->kdf != ARX_FILE_KDF_SCRYPT)
            snprintf(err, cap, "unknown key derivation %u in the header", h->kdf);
        else
            snprintf(err, cap, "malformed header (key-file header with scrypt fields)");
        break;
    default:
        snprintf(err, cap, "%s", arx_strerror(rc));
    }
}

/* 1 if a regular input file is not what it was when opened (st0): another
 * size or modification time, or, after a complete read, a read position
 * short of its size. Its message in err. */
static int input_changed(FILE *in, const char *name, const struct stat *st0, int complete, char *err, size_t cap) {
    struct stat st;
    if (!S_ISREG(st0->st_mode) || fstat(fileno(in), &st) != 0) return 0;
    off_t pos = complete ? ftello(in) : -1;
    if (st.st_size == st0->st_size && st.st_mtim.tv_sec == st0->st_mtim.tv_sec &&
        st.st_mtim.tv_nsec == st0->st_mtim.tv_nsec && (pos < 0 || pos == st.st_size))
        return 0;
    snprintf(err, cap,
             "the input '%s' changed while it was read (%lld bytes when opened, %lld now%s): it was truncated, "
             "extended or rewritten meanwhile, so no output was written",
             name, (long long)st0->st_size, (long long)st.st_size,
             st.st_size == st0->st_size ? ", modified in place" : "");
    return 1;
}

static int run(const char *cmd, int argc, char **argv, int encrypting) {
    file_opts o;
    if (parse(cmd, argc, argv, &o, encrypting)) return ST_ERROR;
    file_io io;
    memset(&io, 0, sizeof io);
    arx_file_header h;
    memset(&h, 0, sizeof h);
    unsigned long v;
    if (o.threads) {
        if (!arx_cli_count(o.threads, 1024, &v)) return arx_cli_error("%s: --threads '%s' must be 0 (every core) to 1024", cmd, o.threads), 2;
        io.threads = (unsigned)v;
    } else {
        io.threads = 0; /* every core: files are what threads are for */
    }
    uint32_t chunk = ARX_FILE_CHUNK_DEFAULT;
    const char *c = o.cipher ? o.cipher : ARX_FILE_DEFAULT_CIPHER;
    if (encrypting) {
        if (o.chunk) {
            if (!arx_cli_count(o.chunk, ARX_FILE_CHUNK_MAX, &v) || v < ARX_FILE_CHUNK_MIN)
                return arx_cli_error("%s: --chunk-size '%s' must be %u..%u bytes", cmd, o.chunk, ARX_FILE_CHUNK_MIN,
                                     ARX_FILE_CHUNK_MAX), 2;
            chunk = (uint32_t)v;
        }
        /* the cipher is checked before anything is read; nonce and salt come later */
        uint8_t zero[ARX_FILE_NONCE_BYTES] = {0};
        int rc = arx_file_header_init(&h, c, chunk, ARX_FILE_KDF_KEYFILE, zero, NULL);
        if (rc == ARX_ERR_HEADER) return arx_cli_error("%s: cipher name '%.40s' is too long for the header", cmd, c), 2;
        if (rc) {
            snprintf(h.cipher, sizeof h.cipher, "%s", c);
            header_message(rc, &h, io.err, sizeof io.err);
            return arx_cli_error("%s: %s", cmd, io.err), 2;
        }
    }

    /* input */
    FILE *in = stdin;
    struct stat in_st, *in_stp = NULL;
    if (o.in && strcmp(o.in, "-")) {
        in = fopen(o.in, "rb");
        if (!in) return arx_cli_error("%s: cannot open '%s': %s", cmd, o.in, strerror(errno)), ST_IO;
    }
    io.in = in;
    io.in_name = in == stdin ? "standard input" : o.in;
    if (fstat(fileno(in), &in_st) == 0) in_stp = &in_st;
    uint8_t raw[ARX_FILE_HEADER_BYTES];
    int status = ST_ERROR, rc;
    arx_output out;
    int out_open = 0;
    uint8_t secret[1024], ikm[ARX_FILE_IKM_BYTES];
    size_t secret_len = 0;
    arx_file_keys keys;
    memset(&keys, 0, sizeof keys);
    progress prog = {0, 0, 0};

    if (!encrypting) {
        size_t got = read_full(in, raw, sizeof raw);
        if (ferror(in)) {
            status = read_failed(&io);
            arx_cli_error("%s: %s", cmd, io.err);
            goto done;
        }
        rc = arx_file_header_parse(&h, raw, got);
        if (rc) {
            header_message(rc, &h, io.err, sizeof io.err);
            arx_cli_error("%s: %s", cmd, io.err);
            status = rc == ARX_ERR_TRUNCATED ? ST_AUTH : ST_ERROR;
            goto done;
        }
        if (h.kdf == ARX_FILE_KDF_SCRYPT && o.key_file) {
            arx_cli_error("%s: this file was encrypted with a passphrase (use --passphrase or --passphrase-file)", cmd);
            goto done;
        }
        if (h.kdf == ARX_FILE_KDF_KEYFILE && !o.key_file) {
            arx_cli_error("%s: this file was encrypted with a key file (use --key-file)", cmd);
            goto done;
        }
    } else {
        uint8_t nonce[ARX_FILE_NONCE_BYTES], salt[ARX_FILE_SALT_BYTES];
        const int kdf = o.key_file ? ARX_FILE_KDF_KEYFILE : ARX_FILE_KDF_SCRYPT;
        if (!random_bytes(nonce, sizeof nonce) || (kdf == ARX_FILE_KDF_SCRYPT && !random_bytes(salt, sizeof salt))) {
            arx_cli_error("%s: the OS gave no random bytes", cmd);
            goto done;
        }
        if ((rc = arx_file_header_init(&h, c, chunk, kdf, nonce, salt))) { /* checked above: not expected */
            arx_cli_error("%s: %s", cmd, arx_strerror(rc));
            goto done;
        }
    }
    if ((rc = get_secret(cmd, &o, encrypting, secret, sizeof secret, &secret_len))) {
        status = rc;
        goto done;
    }
    rc = arx_file_ikm(&h, secret, secret_len, ikm);
    if (rc == ARX_ERR_KEY_LENGTH) {
        arx_cli_error("%s: a key file holds exactly %d bytes (this one has %zu): make one with 'arxcrypt keygen'", cmd,
                      ARX_FILE_IKM_BYTES, secret_len);
        goto done;
    }
    if (rc) {
        arx_cli_error("%s: %s", cmd, rc == ARX_ERR_NOMEM ? "scrypt failed (out of memory?)" : arx_strerror(rc));
        goto done;
    }
    if ((rc = arx_file_derive_keys(&h, ikm, &keys))) {
        arx_cli_error("%s: key derivation failed (%s)", cmd, arx_strerror(rc));
        goto done;
    }
    if ((rc = arx_output_open(&out, cmd, o.out, o.force, 0600, in_stp, encrypting))) {
        status = rc;
        goto done;
    }
    out_open = 1;
    io.out = &out;

    if (!o.quiet && isatty(STDERR_FILENO) && in_stp && S_ISREG(in_stp->st_mode)) {
        uint64_t size = (uint64_t)in_stp->st_size;
        if (!encrypting) { /* plaintext = file - header - one tag per chunk */
            uint64_t body = size > ARX_FILE_HEADER_BYTES ? size - ARX_FILE_HEADER_BYTES : 0;
            uint64_t per = (uint64_t)h.chunk_bytes + ARX_FILE_TAG_BYTES, chunks = (body + per - 1) / per;
            size = body - (chunks * ARX_FILE_TAG_BYTES < body ? chunks * ARX_FILE_TAG_BYTES : body);
        }
        prog.total = size;
        prog.start = prog.last = now_s();
        io.progress = show_progress;
        io.progress_ctx = &prog;
    }
    status = encrypting ? seal_stream(&io, &h, &keys) : open_stream(&io, &h, raw, &keys);
    if (io.progress) fputc('\n', stderr);
    /* a changed input explains a failure (a truncated ciphertext fails its
     * tag) and spoils a success (a plaintext that never existed as a whole) */
    if (status != ST_IO && in_stp && input_changed(in, io.in_name, in_stp, status == ST_OK, io.err, sizeof io.err))
        status = ARX_EXIT_CHANGED;
    if (status) {
        arx_cli_error("%s: %s", cmd, io.err);
        arx_output_abort(&out);
    } else {
        status = arx_output_commit(&out, cmd);
    }
    out_open = 0;
done:
    if (out_open) arx_output_abort(&out);
    arx_wipe(secret, sizeof secret);
    arx_wipe(ikm, sizeof ikm);
    arx_wipe(&keys, sizeof keys);
    if (in != stdin) fclose(in);
    return status;
}

int arx_cmd_encrypt(int argc, char **argv) { return run("encrypt", argc, argv, 1); }
int arx_cmd_decrypt(int argc, char **argv) { return run("decrypt", argc, argv, 0); }
