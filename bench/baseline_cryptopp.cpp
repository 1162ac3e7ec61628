/*
 * arxcrypt-baseline-cryptopp: Crypto++'s LEA, CHAM, HIGHT, SPECK, SIMON and
 * SIMECK measured the way `arxcrypt bench` measures (bench/timing.h, each row
 * in its own child process), encrypting in place through ProcessData: ECB and
 * CTR for every cipher, GCM for LEA. Prints one JSON object per line with the
 * keys of `arxcrypt bench --json`; `arxcrypt bench` runs it and merges the rows.
 *
 * Crypto++'s CHAM has the original round counts (80/80/96), not the revised
 * ones arxcrypt implements, so its rows are named cham-*-legacy.
 *
 * Usage: arxcrypt-baseline-cryptopp [--size BYTES] [--seconds S]
 *                                   [--cipher LIST] [--mode LIST]
 * LIST is comma-separated arxcrypt names; names Crypto++ lacks give no rows.
 */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "cham.h"
#include "config.h"
#include "cryptlib.h"
#include "gcm.h"
#include "hight.h"
#include "lea.h"
#include "modes.h"
#include "simeck.h"
#include "simon.h"
#include "speck.h"
#include "xts.h"

#include "timing.h"

namespace {

using CryptoPP::byte;

struct Job {
    std::vector<byte> buf;
    size_t len = 0;
    byte iv[16] = {0};
    virtual ~Job() = default;
    virtual void run() = 0;
};

template <class C> struct EcbJob : Job {
    typename CryptoPP::ECB_Mode<C>::Encryption e;
    void run() override { e.ProcessData(buf.data(), buf.data(), len); }
};

/* A fresh message per call as real use would do: new IV, key schedule kept. */
template <class C> struct CtrJob : Job {
    typename CryptoPP::CTR_Mode<C>::Encryption e;
    void run() override {
        e.Resynchronize(iv);
        e.ProcessData(buf.data(), buf.data(), len);
    }
};

template <class C> struct GcmJob : Job {
    typename CryptoPP::GCM<C>::Encryption e;
    byte tag[16];
    void run() override {
        e.Resynchronize(iv, 12);
        e.ProcessData(buf.data(), buf.data(), len);
        e.TruncatedFinal(tag, sizeof tag);
    }
};

/* XTS as arxcrypt's bench runs it: 4 KiB sectors (a new tweak each, the
 * sector number little-endian) when the size is a multiple, else one unit. */
template <class C> struct XtsJob : Job {
    typename CryptoPP::XTS_Mode<C>::Encryption e;
    void run() override {
        const size_t sector = len % 4096 == 0 ? 4096 : len;
        for (size_t off = 0, n = 1; off < len; off += sector, n++) {
            byte tw[16] = {0};
            for (int b = 0; b < 8; b++) tw[b] = static_cast<byte>(n >> (8 * b));
            e.Resynchronize(tw, 16);
            e.ProcessData(buf.data() + off, buf.data() + off, sector);
        }
    }
};

void run_job(void *p) { static_cast<Job *>(p)->run(); }

/* Builds a keyed job for `size` bytes; returns its length (ECB: whole blocks). */
template <class C> std::unique_ptr<Job> make(const char *mode, size_t keylen, size_t size) {
    byte key[64]; /* xts: two keys, halves differ (the pattern arxcrypt's bench uses) */
    for (int i = 0; i < 64; i++) key[i] = static_cast<byte>(i * 37 + 11);
    std::unique_ptr<Job> j;
    size_t len = size;
    if (!std::strcmp(mode, "ecb")) {
        auto *e = new EcbJob<C>;
        j.reset(e);
        e->e.SetKey(key, keylen);
        len = size - size % C::BLOCKSIZE;
    } else if (!std::strcmp(mode, "ctr")) {
        auto *e = new CtrJob<C>;
        j.reset(e);
        e->e.SetKeyWithIV(key, keylen, e->iv, C::BLOCKSIZE);
    } else if (!std::strcmp(mode, "xts")) {
        auto *e = new XtsJob<C>;
        j.reset(e);
        e->e.SetKeyWithIV(key, 2 * keylen, e->iv, 16);
        len = size - size % 16;
    } else {
        auto *e = new GcmJob<C>;
        j.reset(e);
        e->e.SetKeyWithIV(key, keylen, e->iv, 12);
    }
    j->len = len;
    j->buf.assign(size + 16, 0x5a);
    return j;
}

typedef std::unique_ptr<Job> (*factory)(const char *mode, size_t keylen, size_t size);

struct Row {
    const char *cipher;
    size_t keylen;
    factory make;
    bool gcm;
};

const Row rows[] = {
    {"lea-128", 16, make<CryptoPP::LEA>, true},
    {"lea-192", 24, make<CryptoPP::LEA>, true},
    {"lea-256", 32, make<CryptoPP::LEA>, true},
    {"cham-64-128-legacy", 16, make<CryptoPP::CHAM64>, false},
    {"cham-128-128-legacy", 16, make<CryptoPP::CHAM128>, false},
    {"cham-128-256-legacy", 32, make<CryptoPP::CHAM128>, false},
    {"hight", 16, make<CryptoPP::HIGHT>, false},
    {"speck-64-96", 12, make<CryptoPP::SPECK64>, false},
    {"speck-64-128", 16, make<CryptoPP::SPECK64>, false},
    {"speck-128-128", 16, make<CryptoPP::SPECK128>, false},
    {"speck-128-192", 24, make<CryptoPP::SPECK128>, false},
    {"speck-128-256", 32, make<CryptoPP::SPECK128>, false},
    {"simon-64-96", 12, make<CryptoPP::SIMON64>, false},
    {"simon-64-128", 16, make<CryptoPP::SIMON64>, false},
    {"simon-128-128", 16, make<CryptoPP::SIMON128>, false},
    {"simon-128-192", 24, make<CryptoPP::SIMON128>, false},
    {"simon-128-256", 32, make<CryptoPP::SIMON128>, false},
    {"simeck-32-64", 8, make<CryptoPP::SIMECK32>, false},
    {"simeck-64-128", 16, make<CryptoPP::SIMECK64>, false},
};

/* Whether `name` is one of the comma-separated `list` (a null list: all). */
bool listed(const char *list, const char *name) {
    if (!list) return true;
    std::string s(list);
    size_t pos = 0;
    for (;;) {
        size_t comma = s.find(',', pos);
        if (s.compare(pos, comma == std::string::npos ? std::string::npos : comma - pos, name) == 0) return true;
        if (comma == std::string::npos) return false;
        pos = comma + 1;
    }
}

}  // namespace

int main(int argc, char **argv) {
    size_t size = 16384;
    double seconds = 0.1;
    const char *ciphers = nullptr, *modes = nullptr;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--size")) size = static_cast<size_t>(std::strtoull(argv[i + 1], nullptr, 10));
        else if (!std::strcmp(argv[i], "--seconds")) seconds = std::strtod(argv[i + 1], nullptr);
        else if (!std::strcmp(argv[i], "--cipher")) ciphers = argv[i + 1];
        else if (!std::strcmp(argv[i], "--mode")) modes = argv[i + 1];
    }
    if (size == 0 || size > (static_cast<size_t>(1) << 30)) return 2;
    static const char *const all_modes[] = {"ecb", "ctr", "gcm", "xts"};
    for (const Row &r : rows) {
        if (!listed(ciphers, r.cipher)) continue;
        for (const char *mode : all_modes) {
            if (!listed(modes, mode) || (!std::strcmp(mode, "gcm") && !r.gcm)) continue;
            /* XTS: LEA only (Crypto++'s single-block SPECK/SIMON-128 path is
             * wrong on this Debian build, tests/xcheck explains) */
            if (!std::strcmp(mode, "xts") && std::strncmp(r.cipher, "lea-", 4)) continue;
            std::unique_ptr<Job> j;
            try {
                j = r.make(mode, r.keylen, size);
            } catch (const CryptoPP::Exception &e) {
                std::fprintf(stderr, "%s-%s: %s\n", r.cipher, mode, e.what());
                continue;
            }
            if (j->len == 0) continue; /* ECB: less than one block */
            double cpb = 0, gbps = 0;
            if (bench_measure_isolated(run_job, j.get(), j->len, seconds, &cpb, &gbps) == 0)
                std::printf("{\"cipher\": \"%s\", \"mode\": \"%s\", \"backend\": \"cryptopp-%d.%d\", \"threads\": 1, "
                            "\"size\": %zu, \"cpb\": %.3f, \"gbps\": %.4f}\n",
                            r.cipher, mode, CRYPTOPP_MAJOR, CRYPTOPP_MINOR, j->len, cpb, gbps);
            std::fflush(stdout);
        }
    }
    return 0;
}
