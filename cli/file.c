/*
 * arxcrypt keygen / encrypt / decrypt: authenticated file encryption in the
 * format of fileenc.c (docs/FORMAT.md).
 *
 * Nothing is lost and nothing is released early:
 * - Output to a file goes to a temporary file beside the target. It takes the
 *   target's name (link(), or rename() with --force) only after the last
 *   chunk was written, and for decryption verified. On failure, and on
 *   SIGINT/SIGTERM/SIGHUP/SIGPIPE, the temporary file is removed. A process
 *   killed outright leaves at most that dot-file, never the target name.
 * - To stdout, decryption writes each chunk only after its tag verified and
 *   stops at the first failure, naming the chunk.
 * - An existing output is never replaced without --force. The input is never
 *   written, and an output that is the input is refused.
 * Exit status as `raw`: 0 success, 1 authentication failed (wrong key or
 * passphrase, altered or truncated file), 2 any other error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
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
#include "fileenc.h"

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
        else return arx_cli_error("%s: unknown option '%s'", cmd, a), ARXF_ERROR;
        if (slot) {
            if (i + 1 >= argc) return arx_cli_error("%s: option '%s' needs a value", cmd, a), ARXF_ERROR;
            if (*slot) return arx_cli_error("%s: option '%s' given twice", cmd, a), ARXF_ERROR;
            *slot = argv[++i];
        }
    }
    if (!!o->key_file + !!o->pass_file + o->passphrase != 1)
        return arx_cli_error("%s: give exactly one of --key-file F, --passphrase, --passphrase-file F", cmd), ARXF_ERROR;
    return ARXF_OK;
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

/* The whole of a small file (keys, passphrases): at most cap bytes. */
static int read_small(const char *cmd, const char *path, uint8_t *buf, size_t cap, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return arx_cli_error("%s: cannot open '%s': %s", cmd, path, strerror(errno)), 0;
    size_t n = fread(buf, 1, cap, f);
    int extra = n == cap && getc(f) != EOF, err = ferror(f);
    fclose(f);
    if (err) return arx_cli_error("%s: read error on '%s'", cmd, path), 0;
    if (extra) return arx_cli_error("%s: '%s' is too long for a key or passphrase file", cmd, path), 0;
    *len = n;
    return 1;
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
    size_t n = 0;
    char c;
    ssize_t r;
    while ((r = read(fd, &c, 1)) == 1 && c != '\n')
        if (n < cap) buf[n++] = c;
    tcsetattr(fd, TCSANOW, &old);
    if (write(fd, "\n", 1) < 0) return 0;
    *len = n;
    return r == 1 || n > 0;
}

/* The secret: a key file's 32 bytes, or a passphrase (twice when it is new). */
static int get_secret(const char *cmd, const file_opts *o, int confirm, uint8_t *buf, size_t cap, size_t *len) {
    if (o->key_file) return read_small(cmd, o->key_file, buf, cap, len);
    if (o->pass_file) {
        if (!read_small(cmd, o->pass_file, buf, cap, len)) return 0;
        if (*len && buf[*len - 1] == '\n') (*len)--; /* the file's final line break is not part of it */
        if (*len && buf[*len - 1] == '\r') (*len)--;
    } else {
        int fd = open("/dev/tty", O_RDWR | O_CLOEXEC);
        if (fd < 0 || !isatty(fd)) {
            if (fd >= 0) close(fd);
            return arx_cli_error("%s: --passphrase needs a terminal; use --passphrase-file F", cmd), 0;
        }
        char again[1024];
        size_t alen = 0;
        int ok = tty_line(fd, "Passphrase: ", (char *)buf, cap, len) &&
                 (!confirm || tty_line(fd, "Passphrase (again): ", again, sizeof again, &alen));
        close(fd);
        if (!ok) return arx_cli_error("%s: could not read the passphrase from the terminal", cmd), 0;
        int same = !confirm || (alen == *len && !memcmp(again, buf, alen));
        arx_wipe(again, sizeof again);
        if (!same) return arx_cli_error("%s: the passphrases do not match", cmd), 0;
    }
    if (*len == 0) return arx_cli_error("%s: the passphrase is empty", cmd), 0;
    return 1;
}

/* ---- output files: a temporary file beside the target, removed on failure ------------ */

static char tmp_path[4096];
static volatile sig_atomic_t tmp_live;

static void on_signal(int sig) {
    if (tmp_live) unlink(tmp_path);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void trap_signals(void) {
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) signal(sigs[i], on_signal);
}

static void drop_tmp(void) {
    if (tmp_live) {
        tmp_live = 0;
        unlink(tmp_path);
    }
}

/* Open the output: stdout, or a new temporary file beside path. */
static FILE *open_output(const char *cmd, const file_opts *o, const struct stat *in_st, int refuse_tty) {
    if (!o->out || !strcmp(o->out, "-")) {
        if (refuse_tty && isatty(STDOUT_FILENO))
            return arx_cli_error("%s: not writing binary output to a terminal (use -o FILE or a pipe)", cmd), NULL;
        return stdout;
    }
    struct stat st;
    if (stat(o->out, &st) == 0) {
        if (in_st && st.st_dev == in_st->st_dev && st.st_ino == in_st->st_ino)
            return arx_cli_error("%s: the output '%s' is the input", cmd, o->out), NULL;
        if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) { /* /dev/null, a named pipe: written as is */
            FILE *f = fopen(o->out, "wb");
            if (!f) arx_cli_error("%s: cannot open '%s': %s", cmd, o->out, strerror(errno));
            return f;
        }
        if (!o->force) return arx_cli_error("%s: '%s' exists (use --force to replace it)", cmd, o->out), NULL;
        if (!S_ISREG(st.st_mode)) return arx_cli_error("%s: '%s' is not a regular file", cmd, o->out), NULL;
    }
    const char *slash = strrchr(o->out, '/');
    int dlen = slash ? (int)(slash - o->out + 1) : 0;
    if ((size_t)snprintf(tmp_path, sizeof tmp_path, "%.*s.%s.arxcrypt-XXXXXX", dlen, o->out,
                         slash ? slash + 1 : o->out) >= sizeof tmp_path)
        return arx_cli_error("%s: output path too long", cmd), NULL;
    trap_signals();
    int fd = mkstemp(tmp_path); /* mode 0600 */
    if (fd < 0) return arx_cli_error("%s: cannot create a file beside '%s': %s", cmd, o->out, strerror(errno)), NULL;
    tmp_live = 1;
    FILE *f = fdopen(fd, "wb");
    if (!f) {
        close(fd);
        drop_tmp();
        arx_cli_error("%s: %s", cmd, strerror(errno));
    }
    return f;
}

/* Give the finished temporary file the target's name; 0 on success. */
static int finish_output(const char *cmd, const file_opts *o, FILE *f, int ok) {
    if (f == stdout) return ok && fflush(stdout) == 0 ? 0 : -1;
    if (!tmp_live) return fclose(f) == 0 && ok ? 0 : -1; /* a device or pipe, written directly */
    int rc = ok && fflush(f) == 0 && fsync(fileno(f)) == 0 ? 0 : -1;
    if (fclose(f) != 0) rc = -1;
    if (rc == 0) {
        /* without --force, link() refuses a target that appeared meanwhile */
        rc = o->force ? rename(tmp_path, o->out) : link(tmp_path, o->out);
        if (rc) arx_cli_error("%s: cannot create '%s': %s", cmd, o->out, strerror(errno));
        else if (o->force) tmp_live = 0;
    }
    drop_tmp();
    return rc;
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
    uint8_t key[ARXF_KEY_BYTES];
    if (!random_bytes(key, sizeof key)) return arx_cli_error("keygen: the OS gave no random bytes"), 2;
    /* O_NOFOLLOW: never through a link; fchmod: --force on an existing file
     * must not keep a looser mode than a new key's 0600 */
    int fd = open(out, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | (force ? O_TRUNC : O_EXCL), 0600);
    if (fd >= 0 && fchmod(fd, 0600) != 0) {
        close(fd);
        fd = -1;
    }
    if (fd < 0) {
        arx_wipe(key, sizeof key);
        if (errno == EEXIST) return arx_cli_error("keygen: '%s' exists (use --force to replace it)", out), 2;
        return arx_cli_error("keygen: cannot create '%s': %s", out, strerror(errno)), 2;
    }
    int ok = write(fd, key, sizeof key) == (ssize_t)sizeof key && fsync(fd) == 0;
    ok = close(fd) == 0 && ok;
    arx_wipe(key, sizeof key);
    if (!ok) {
        unlink(out);
        return arx_cli_error("keygen: write error on '%s'", out), 2;
    }
    return 0;
}

static int run(const char *cmd, int argc, char **argv, int encrypting) {
    file_opts o;
    if (parse(cmd, argc, argv, &o, encrypting)) return ARXF_ERROR;
    arxf_io io;
    memset(&io, 0, sizeof io);
    arxf_header h;
    memset(&h, 0, sizeof h);
    unsigned long v;
    if (o.threads) {
        if (!arx_cli_count(o.threads, 1024, &v)) return arx_cli_error("%s: --threads '%s' must be 0 (every core) to 1024", cmd, o.threads), 2;
        io.threads = (unsigned)v;
    } else {
        io.threads = 0; /* every core: files are what threads are for */
    }
    if (encrypting) {
        const char *c = o.cipher ? o.cipher : ARXF_DEFAULT_CIPHER;
        if (arxf_check_cipher(c, io.err, sizeof io.err)) return arx_cli_error("%s: %s", cmd, io.err), 2;
        snprintf(h.cipher, sizeof h.cipher, "%s", c);
        h.chunk = ARXF_DEFAULT_CHUNK;
        if (o.chunk) {
            if (!arx_cli_count(o.chunk, ARXF_MAX_CHUNK, &v) || v < ARXF_MIN_CHUNK)
                return arx_cli_error("%s: --chunk-size '%s' must be %u..%u bytes", cmd, o.chunk, ARXF_MIN_CHUNK,
                                     ARXF_MAX_CHUNK), 2;
            h.chunk = (uint32_t)v;
        }
    }

    /* input */
    FILE *in = stdin;
    struct stat in_st, *in_stp = NULL;
    if (o.in && strcmp(o.in, "-")) {
        in = fopen(o.in, "rb");
        if (!in) return arx_cli_error("%s: cannot open '%s': %s", cmd, o.in, strerror(errno)), 2;
    }
    if (fstat(fileno(in), &in_st) == 0) in_stp = &in_st;
    uint8_t raw[ARXF_HEADER_BYTES];
    int status = ARXF_ERROR;
    FILE *out = NULL;
    uint8_t secret[1024], ikm[ARXF_KEY_BYTES];
    size_t secret_len = 0;
    progress prog = {0, 0, 0};

    if (!encrypting) {
        int rc = arxf_read_header(in, &h, raw, io.err, sizeof io.err);
        if (rc) {
            arx_cli_error("%s: %s", cmd, io.err);
            status = rc;
            goto done;
        }
        if (h.kdf == ARXF_KDF_SCRYPT && o.key_file) {
            arx_cli_error("%s: this file was encrypted with a passphrase (use --passphrase or --passphrase-file)", cmd);
            goto done;
        }
        if (h.kdf == ARXF_KDF_KEYFILE && !o.key_file) {
            arx_cli_error("%s: this file was encrypted with a key file (use --key-file)", cmd);
            goto done;
        }
    } else {
        h.kdf = o.key_file ? ARXF_KDF_KEYFILE : ARXF_KDF_SCRYPT;
        if (!random_bytes(h.nonce, sizeof h.nonce) || (h.kdf == ARXF_KDF_SCRYPT && !random_bytes(h.salt, sizeof h.salt))) {
            arx_cli_error("%s: the OS gave no random bytes", cmd);
            goto done;
        }
        if (h.kdf == ARXF_KDF_SCRYPT) h.log2n = ARXF_SCRYPT_LOG2N, h.r = ARXF_SCRYPT_R, h.p = ARXF_SCRYPT_P;
    }
    if (!get_secret(cmd, &o, encrypting, secret, sizeof secret, &secret_len)) goto done;
    if (arxf_file_key(&h, secret, secret_len, ikm, io.err, sizeof io.err)) {
        arx_cli_error("%s: %s", cmd, io.err);
        goto done;
    }
    if (!(out = open_output(cmd, &o, in_stp, encrypting))) goto done;

    if (!o.quiet && isatty(STDERR_FILENO) && in_stp && S_ISREG(in_stp->st_mode)) {
        uint64_t size = (uint64_t)in_stp->st_size;
        if (!encrypting) { /* plaintext = file - header - one tag per chunk */
            uint64_t body = size > ARXF_HEADER_BYTES ? size - ARXF_HEADER_BYTES : 0;
            uint64_t per = (uint64_t)h.chunk + ARXF_TAG_BYTES, chunks = (body + per - 1) / per;
            size = body - (chunks * ARXF_TAG_BYTES < body ? chunks * ARXF_TAG_BYTES : body);
        }
        prog.total = size;
        prog.start = prog.last = now_s();
        io.progress = show_progress;
        io.progress_ctx = &prog;
    }
    status = encrypting ? arxf_seal(in, out, &h, ikm, &io) : arxf_open(in, out, &h, raw, ikm, &io);
    if (io.progress) fputc('\n', stderr);
    if (status) arx_cli_error("%s: %s", cmd, io.err);
    if (finish_output(cmd, &o, out, status == ARXF_OK) && status == ARXF_OK) status = ARXF_ERROR;
done:
    arx_wipe(secret, sizeof secret);
    arx_wipe(ikm, sizeof ikm);
    if (in != stdin) fclose(in);
    return status;
}

int arx_cmd_encrypt(int argc, char **argv) { return run("encrypt", argc, argv, 1); }
int arx_cmd_decrypt(int argc, char **argv) { return run("decrypt", argc, argv, 0); }
