/*
 * Output files that appear whole or not at all (declared in cli.h), for
 * encrypt/decrypt and raw's -o.
 *
 * Linux: the data goes into an unnamed file in the target's directory
 * (open(dir, O_TMPFILE)), is fsynced, and only then gets the target's name
 * (linkat through /proc/self/fd, or AT_EMPTY_PATH where /proc is missing);
 * then the directory is fsynced. A process killed at any point before that
 * leaves nothing: the kernel frees an unnamed file when its last descriptor
 * closes. Replacing an existing target (--force) cannot be one linkat, which
 * refuses an existing name: the complete, synced file is linked to a hidden
 * name first and renamed over the target, so a SIGKILL in the microseconds
 * between those two calls leaves that hidden name holding the whole output
 * (never a part of it), which the next run reports.
 *
 * Elsewhere, and where the file system refuses O_TMPFILE (EOPNOTSUPP: some
 * NFS, overlayfs and FUSE mounts; EISDIR/EINVAL: kernels before 3.11),
 * the data goes to a hidden named file beside the target,
 * ".NAME.arxcrypt-XXXXXX" (mkstemp), renamed or linked into place when
 * complete and removed on failure and on SIGINT/SIGTERM/SIGHUP/SIGPIPE. A
 * SIGKILL, the OOM killer or a power cut leaves it, so every run that
 * writes into a directory first lists such names there that no live
 * arxcrypt holds (each holds an flock on its output while it writes) and
 * reports them. It never deletes them: a name alone does not prove the
 * file is ours, and a decryption's leftover is the user's data.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__) || defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__)
#include <sys/file.h> /* flock */
#define ARX_HAVE_FLOCK 1
#endif

#include "cli.h"

/* ---- the hidden name, for the signal handler ------------------------------------------- */

static char tmp_path[4096];
static volatile sig_atomic_t tmp_live;
static const int trapped[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};

static void on_signal(int sig) {
    if (tmp_live) unlink(tmp_path);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void block_signals(int block, sigset_t *old) {
    sigset_t s;
    sigemptyset(&s);
    for (size_t i = 0; i < sizeof trapped / sizeof trapped[0]; i++) sigaddset(&s, trapped[i]);
    sigprocmask(block ? SIG_BLOCK : SIG_SETMASK, block ? &s : old, block ? old : NULL);
}

static void drop_tmp(void) {
    if (tmp_live) {
        tmp_live = 0;
        unlink(tmp_path);
    }
}

/* ---- names ----------------------------------------------------------------------------- */

#define TMP_TAG ".arxcrypt-"
#define TMP_RAND 6 /* mkstemp's XXXXXX */

/* 1 if name is ".<anything>.arxcrypt-" and six letters or digits: ours (or an
 * older arxcrypt's) by its shape, which is all a name can tell. */
static int tmp_shaped(const char *name) {
    size_t n = strlen(name), t = strlen(TMP_TAG);
    if (n < 1 + t + TMP_RAND + 1 || name[0] != '.') return 0;
    const char *tag = name + n - TMP_RAND - t;
    if (memcmp(tag, TMP_TAG, t) || tag[-1] == 0) return 0;
    for (const char *p = tag + t; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9'))) return 0;
    return 1;
}

/* dir (with its trailing slash, or empty) and base name of path. */
static void split_path(const char *path, char *dir, size_t cap, const char **base) {
    const char *slash = strrchr(path, '/');
    size_t dlen = slash ? (size_t)(slash - path + 1) : 0;
    snprintf(dir, cap, "%.*s", (int)dlen, path);
    *base = slash ? slash + 1 : path;
}

/* 1 if another process holds an flock on the file (a live arxcrypt writing it). */
static int held_by_live_run(int dfd, const char *name) {
#ifdef ARX_HAVE_FLOCK
    int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) return 0;
    int held = flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    close(fd); /* drops our lock, if we got one */
    return held;
#else
    (void)dfd, (void)name;
    return 0;
#endif
}

/* Report (never remove) hidden temporaries of our naming in dir that no live
 * run holds: what a killed run, or a SIGKILL in the --force window, left. */
static void report_stale(const char *cmd, const char *dir) {
    DIR *d = opendir(*dir ? dir : ".");
    if (!d) return; /* the create that follows reports why */
    int dfd = dirfd(d), shown = 0, more = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        struct stat st;
        if (!tmp_shaped(e->d_name) || fstatat(dfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISREG(st.st_mode))
            continue;
        if (held_by_live_run(dfd, e->d_name)) continue;
        if (shown == 4) {
            more++;
            continue;
        }
        char when[32] = "", magic[8] = {0};
        struct tm tm;
        if (localtime_r(&st.st_mtime, &tm)) strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
        int fd = openat(dfd, e->d_name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
        int sealed = fd >= 0 && read(fd, magic, sizeof magic) == (ssize_t)sizeof magic && !memcmp(magic, "ARXCRYPT", 8);
        if (fd >= 0) close(fd);
        arx_cli_error("%s: note: '%s%s' (%lld bytes, %s) looks like the temporary file of an arxcrypt run that was "
                      "killed (%s); it is not removed automatically: check it and delete it",
                      cmd, dir, e->d_name, (long long)st.st_size, when,
                      sealed ? "a part of an encrypted file" : "it may hold decrypted data");
        shown++;
    }
    if (more) arx_cli_error("%s: note: %d more such files in '%s'", cmd, more, *dir ? dir : ".");
    closedir(d);
}

/* A fresh hidden name beside the target, in tmp_path (mkstemp's shape, with
 * getrandom-free randomness: the name needs to be unique, not secret). */
static int make_tmp_name(const char *dir, const char *base) {
    static const char alnum[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    static unsigned long long seq;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    unsigned long long x = (unsigned long long)ts.tv_nsec ^ ((unsigned long long)ts.tv_sec << 20) ^
                           ((unsigned long long)getpid() << 40) ^ (++seq * 0x9E3779B97F4A7C15ull);
    char r[TMP_RAND + 1];
    for (int i = 0; i < TMP_RAND; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        r[i] = alnum[(x >> 33) % (sizeof alnum - 1)];
    }
    r[TMP_RAND] = 0;
    return (size_t)snprintf(tmp_path, sizeof tmp_path, "%s.%s" TMP_TAG "%s", dir, base, r) < sizeof tmp_path;
}

/* ---- writing ---------------------------------------------------------------------------- */

const char *arx_output_name(const arx_output *o) { return o->path ? o->path : "standard output"; }

static int fail_io(const char *cmd, const char *what, const char *path, int err) {
    arx_cli_error("%s: %s '%s': %s", cmd, what, path, strerror(err));
    return ARX_EXIT_IO;
}

int arx_output_open(arx_output *o, const char *cmd, const char *path, int replace, unsigned mode,
                    const struct stat *in_st, int refuse_tty) {
    memset(o, 0, sizeof *o);
    o->fd = -1;
    signal(SIGXFSZ, SIG_IGN); /* past RLIMIT_FSIZE: EFBIG from write(), reported, instead of a silent death */
    if (!path || !strcmp(path, "-")) {
        if (refuse_tty && isatty(STDOUT_FILENO))
            return arx_cli_error("%s: not writing binary output to a terminal (use -o FILE or a pipe)", cmd),
                   ARX_EXIT_USAGE;
        o->kind = ARX_OUT_STDOUT;
        o->fd = STDOUT_FILENO;
        return 0;
    }
    o->path = path;
    o->replace = replace;
    struct stat st;
    if (stat(path, &st) == 0) {
        if (in_st && st.st_dev == in_st->st_dev && st.st_ino == in_st->st_ino)
            return arx_cli_error("%s: the output '%s' is the input", cmd, path), ARX_EXIT_USAGE;
        if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) { /* /dev/null, a named pipe: written as is */
            o->fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY);
            if (o->fd < 0) return fail_io(cmd, "cannot open", path, errno);
            o->kind = ARX_OUT_DIRECT;
            return 0;
        }
        if (!replace) return arx_cli_error("%s: '%s' exists (use --force to replace it)", cmd, path), ARX_EXIT_USAGE;
        if (!S_ISREG(st.st_mode)) return arx_cli_error("%s: '%s' is not a regular file", cmd, path), ARX_EXIT_USAGE;
        struct stat lst;
        if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
            /* a link to a regular file (/dev/stdout redirected to one, too): the file it names is
             * replaced, as writing through the link would, never the link (nor /dev's entry) */
            char *real = realpath(path, NULL);
            if (!real) return fail_io(cmd, "cannot resolve", path, errno);
            int fits = strlen(real) < sizeof o->real;
            if (fits) memcpy(o->real, real, strlen(real) + 1);
            free(real);
            if (!fits) return arx_cli_error("%s: output path too long", cmd), ARX_EXIT_USAGE;
            path = o->path = o->real;
        }
    }
    const char *base;
    split_path(path, o->dir, sizeof o->dir, &base);
    if (!*base) return arx_cli_error("%s: '%s' names a directory, not a file", cmd, path), ARX_EXIT_USAGE;
    if (strlen(path) + 1 + strlen(TMP_TAG) + TMP_RAND >= sizeof tmp_path)
        return arx_cli_error("%s: output path too long", cmd), ARX_EXIT_USAGE;
    report_stale(cmd, o->dir);
    for (size_t i = 0; i < sizeof trapped / sizeof trapped[0]; i++) signal(trapped[i], on_signal);
#if defined(__linux__) && defined(O_TMPFILE)
    if (!getenv("ARXCRYPT_NO_O_TMPFILE")) {
        o->fd = open(*o->dir ? o->dir : ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, (mode_t)mode);
        if (o->fd >= 0) {
            o->kind = ARX_OUT_UNNAMED;
#ifdef ARX_HAVE_FLOCK
            flock(o->fd, LOCK_EX | LOCK_NB); /* so a run beside us does not report this file once it has a name */
#endif
            return 0;
        }
        if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)
            return fail_io(cmd, "cannot create", path, errno);
    }
#endif
    /* the named fallback */
    if ((size_t)snprintf(tmp_path, sizeof tmp_path, "%s.%s" TMP_TAG "XXXXXX", o->dir, base) >= sizeof tmp_path)
        return arx_cli_error("%s: output path too long", cmd), ARX_EXIT_USAGE;
    sigset_t old;
    block_signals(1, &old); /* tmp_live set with the file's creation, as one step for on_signal */
    o->fd = mkstemp(tmp_path); /* mode 0600 */
    int err = errno;
    if (o->fd >= 0) tmp_live = 1;
    block_signals(0, &old);
    if (o->fd < 0) return fail_io(cmd, "cannot create", path, err);
    fcntl(o->fd, F_SETFD, FD_CLOEXEC);
#ifdef ARX_HAVE_FLOCK
    flock(o->fd, LOCK_EX | LOCK_NB); /* tells report_stale in a run beside us that this one is live */
#endif
    if (mode != 0600) {
        mode_t mask = umask(0);
        umask(mask);
        if (fchmod(o->fd, (mode_t)mode & ~mask) != 0) {
            err = errno;
            arx_output_abort(o);
            return fail_io(cmd, "cannot create", path, err);
        }
    }
    o->kind = ARX_OUT_NAMED;
    return 0;
}

int arx_output_write(arx_output *o, const void *p, size_t n) {
    const unsigned char *b = p;
    while (n) {
        ssize_t w = write(o->fd, b, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        if (w == 0) return EIO; /* not expected from a regular file or pipe */
        b += w;
        n -= (size_t)w;
    }
    return 0;
}

void arx_output_abort(arx_output *o) {
    if (o->kind != ARX_OUT_STDOUT && o->fd >= 0) close(o->fd);
    o->fd = -1;
    if (o->kind == ARX_OUT_NAMED || o->kind == ARX_OUT_UNNAMED) drop_tmp();
}

/* fsync the directory, so the new name survives a power cut. Some file
 * systems cannot sync a directory (EINVAL): nothing to do there. */
static int sync_dir(const arx_output *o) {
    int fd = open(*o->dir ? o->dir : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return errno == EACCES ? 0 : errno; /* a write-only directory: we cannot open it to sync */
    int err = fsync(fd) == 0 || errno == EINVAL || errno == EROFS || errno == EBADF ? 0 : errno;
    close(fd);
    return err;
}

#if defined(__linux__) && defined(O_TMPFILE)
/* Give the unnamed file o->fd the name `name`; 0 or errno. */
static int link_unnamed(const arx_output *o, const char *name) {
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", o->fd);
    if (linkat(AT_FDCWD, proc, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0) return 0;
    int err = errno;
    if (err != ENOENT && err != ENOTDIR) return err;
    /* no /proc: AT_EMPTY_PATH (needs CAP_DAC_READ_SEARCH before Linux 6.10) */
#ifdef AT_EMPTY_PATH
    if (linkat(o->fd, "", AT_FDCWD, name, AT_EMPTY_PATH) == 0) return 0;
    if (errno == EEXIST) return EEXIST;
#endif
    return err;
}
#endif

int arx_output_commit(arx_output *o, const char *cmd) {
    if (o->kind == ARX_OUT_STDOUT) return 0; /* every write was checked */
    if (o->kind == ARX_OUT_DIRECT) {
        int rc = close(o->fd) == 0 ? 0 : fail_io(cmd, "write error on", o->path, errno);
        o->fd = -1;
        return rc;
    }
    if (fsync(o->fd) != 0) {
        int err = errno;
        arx_output_abort(o);
        return fail_io(cmd, "cannot sync", o->path, err);
    }
    sigset_t old;
    int err = 0, exists = 0;
    block_signals(1, &old); /* naming is one step for SIGINT & co.; SIGKILL: see the top */
#if defined(__linux__) && defined(O_TMPFILE)
    if (o->kind == ARX_OUT_UNNAMED) {
        err = link_unnamed(o, o->path);
        if (err == EEXIST && o->replace) { /* link a hidden name, rename it over the target */
            const char *base;
            char dir[sizeof o->dir];
            split_path(o->path, dir, sizeof dir, &base);
            for (int tries = 0; tries < 100; tries++) {
                if (!make_tmp_name(dir, base)) {
                    err = ENAMETOOLONG;
                    break;
                }
                if ((err = link_unnamed(o, tmp_path)) != EEXIST) break;
            }
            if (err == 0) {
                tmp_live = 1;
                if (rename(tmp_path, o->path) == 0) tmp_live = 0;
                else err = errno;
            }
        }
    }
#endif
    if (o->kind == ARX_OUT_NAMED) {
        /* without --force, link() refuses a target that appeared meanwhile */
        if (o->replace ? rename(tmp_path, o->path) != 0 : link(tmp_path, o->path) != 0) err = errno;
        else if (o->replace) tmp_live = 0;
    }
    exists = err == EEXIST;
    drop_tmp();
    block_signals(0, &old);
    int close_err = close(o->fd) == 0 ? 0 : errno;
    o->fd = -1;
    if (exists) return arx_cli_error("%s: '%s' appeared meanwhile (use --force to replace it)", cmd, o->path),
                ARX_EXIT_USAGE;
    if (err) return fail_io(cmd, "cannot create", o->path, err);
    if (close_err) { /* after fsync this is not expected; the named file is whole */
        return fail_io(cmd, "write error on", o->path, close_err);
    }
    if ((err = sync_dir(o)))
        return arx_cli_error("%s: '%s' is complete, but its directory could not be synced: %s", cmd, o->path,
                             strerror(err)), ARX_EXIT_IO;
    return 0;
}
