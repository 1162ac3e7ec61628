// The benchmark, runtime-neutral (Node: bench/bench.mjs; Chromium:
// bench/browser.mjs). One JSON row per measurement: runtime, build, cipher,
// mode, size, MB/s (10^6 bytes per second) and microseconds per call. Every
// cipher's CTR and the 128-bit ciphers' GCM on both builds, at 64 B, 1 KiB
// and 1 MiB, next to WebCrypto's AES-128-GCM and AES-128-CTR (crypto.subtle,
// async: each call awaited in turn) and @noble/ciphers' AES-128-GCM, in the
// same run. Each row: calls for at least minMs / 2 first (warm-up: engines
// start WebAssembly on a baseline compiler and swap in the optimised code
// from a background thread, late on a loaded machine), then BATCHES short
// batches of calls (each at least BATCH_MS, or one call), the best batch.
// Many short batches rather than a few long ones: on a shared machine
// (docs/PERFORMANCE.md: 2 vCPUs, load average up to 30) a 50 ms batch is
// nearly always preempted, while the best of 25 short ones is a batch that
// ran alone; same-process A/B runs repeated within 1%. Chromium's timer is
// 5 µs here (the test server makes the page cross-origin isolated,
// test/serve.js).

export const SIZES = [64, 1024, 1 << 20];

const BATCHES = 25;
const BATCH_MS = 2;

async function measure(call, size, minMs) {
  const warm = performance.now(); // warm up (and compile)
  do await call(); while (performance.now() - warm < minMs / 2);
  let n = 1;
  for (;;) {
    const t = performance.now();
    for (let i = 0; i < n; i++) await call();
    if (performance.now() - t >= BATCH_MS || n > 1e6) break;
    n *= 2;
  }
  let best = Infinity;
  for (let r = 0; r < BATCHES; r++) {
    const t = performance.now();
    for (let i = 0; i < n; i++) await call();
    const dt = performance.now() - t;
    if (dt > 0) best = Math.min(best, dt / n); // a batch timed at 0 (seen once in Chromium) is no measurement
  }
  return { 'MB/s': +((size / (best / 1000)) / 1e6).toFixed(1), 'us/call': +(best * 1000).toFixed(3) };
}

function measureSync(call, size, minMs) {
  const warm = performance.now();
  do call(); while (performance.now() - warm < minMs / 2);
  let n = 1;
  for (;;) {
    const t = performance.now();
    for (let i = 0; i < n; i++) call();
    if (performance.now() - t >= BATCH_MS || n > 1e7) break;
    n *= 2;
  }
  let best = Infinity;
  for (let r = 0; r < BATCHES; r++) {
    const t = performance.now();
    for (let i = 0; i < n; i++) call();
    const dt = performance.now() - t;
    if (dt > 0) best = Math.min(best, dt / n);
  }
  return { 'MB/s': +((size / (best / 1000)) / 1e6).toFixed(1), 'us/call': +(best * 1000).toFixed(3) };
}

/**
 * A: the package; noble: @noble/ciphers/aes.js; emit(row) receives each
 * row as it is measured. filter: a RegExp on 'cipher mode'.
 */
export async function runBench({ A, noble, runtime, emit, minMs = 200, filter = null, builds = ['simd', 'scalar'] }) {
  const fill = (n) => {
    const u = new Uint8Array(n);
    for (let i = 0; i < n; i++) u[i] = (i * 131 + 7) & 0xff;
    return u;
  };
  const data = Object.fromEntries(SIZES.map((s) => [s, fill(s)]));
  // outputs of the exact length (CTR: the data's; GCM: with the tag), as a
  // caller who supplies one gives: a longer one makes every call return a
  // subarray of it, an allocation per call (~0.03 µs in Chromium)
  const outs = Object.fromEntries(SIZES.map((s) => [s, new Uint8Array(s + 16)]));
  const ctrOuts = Object.fromEntries(SIZES.map((s) => [s, new Uint8Array(s)]));
  const want = (name) => !filter || filter.test(name);

  for (const build of builds) {
    const inst = await A.instantiate({ build });
    for (const info of inst.ciphers()) {
      const key = inst.createKey(info.name, fill(info.keyBytes));
      const iv = fill(info.blockBytes);
      const nonce = fill(12);
      for (const mode of ['ctr', 'gcm']) {
        if (!info.modes.includes(mode) || !want(`${info.name} ${mode}`)) continue;
        for (const size of SIZES) {
          const d = data[size], o = outs[size], oc = ctrOuts[size];
          const call = mode === 'ctr' ? () => A.ctrXor(key, iv, d, oc) : () => A.gcmEncrypt(key, nonce, d, undefined, o);
          emit({ runtime, build, backend: key.backend, cipher: info.name, mode, size, ...measureSync(call, size, minMs) });
        }
      }
      key.dispose();
    }
  }

  // baselines, same run
  const subtle = globalThis.crypto?.subtle;
  const raw = fill(16);
  if (subtle && want('aes-128 gcm')) {
    const k = await subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt']);
    const iv = fill(12);
    for (const size of SIZES) {
      emit({ runtime, build: 'webcrypto', cipher: 'aes-128', mode: 'gcm', size,
        ...(await measure(() => subtle.encrypt({ name: 'AES-GCM', iv }, k, data[size]), size, minMs)) });
    }
  }
  if (subtle && want('aes-128 ctr')) {
    const k = await subtle.importKey('raw', raw, 'AES-CTR', false, ['encrypt']);
    const counter = fill(16);
    for (const size of SIZES) {
      emit({ runtime, build: 'webcrypto', cipher: 'aes-128', mode: 'ctr', size,
        ...(await measure(() => subtle.encrypt({ name: 'AES-CTR', counter, length: 64 }, k, data[size]), size, minMs)) });
    }
  }
  if (noble && want('aes-128 gcm')) {
    const iv = fill(12);
    for (const size of SIZES) {
      emit({ runtime, build: '@noble/ciphers', cipher: 'aes-128', mode: 'gcm', size,
        ...measureSync(() => noble.gcm(raw, iv).encrypt(data[size]), size, minMs) });
    }
  }
}
