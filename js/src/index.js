// arxcrypt for JavaScript: the C library compiled to WebAssembly (a SIMD128
// module and a scalar one, both embedded), behind an API in JavaScript's
// shapes. Nothing cryptographic happens here: every mode, padding and tag
// check is the C library's (include/arxcrypt.h); this file moves bytes in
// and out of the module's memory, checks arguments and maps error codes.

const SIMD_PROBE = new Uint8Array([
  // (module (func (result v128) i32.const 0 i8x16.splat i8x16.popcnt))
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

/** True when this engine validates WebAssembly SIMD128. */
export function simdSupported() {
  return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
}

// ---- errors --------------------------------------------------------------

/** A failure of the library that is not an argument error (state, padding). */
export class ArxError extends Error {
  constructor(message, code) {
    super(message);
    this.name = 'ArxError';
    this.code = code;
  }
}

/** The tag did not verify; no plaintext was released. */
export class AuthenticationError extends ArxError {
  constructor(message = 'authentication failed: tag mismatch') {
    super(message, 'ARX_ERR_AUTH');
    this.name = 'AuthenticationError';
  }
}

/** CBC with PKCS#7: the padding of the decrypted plaintext is invalid. */
export class PaddingError extends ArxError {
  constructor(message = 'invalid PKCS#7 padding') {
    super(message, 'ARX_ERR_PADDING');
    this.name = 'PaddingError';
  }
}

const CODES = {
  [-1]: 'ARX_ERR_NULL', [-2]: 'ARX_ERR_UNKNOWN_CIPHER', [-3]: 'ARX_ERR_UNKNOWN_MODE',
  [-4]: 'ARX_ERR_UNKNOWN_BACKEND', [-5]: 'ARX_ERR_BACKEND_UNAVAILABLE', [-6]: 'ARX_ERR_MODE_UNSUPPORTED',
  [-7]: 'ARX_ERR_KEY_LENGTH', [-8]: 'ARX_ERR_IV_LENGTH', [-9]: 'ARX_ERR_TAG_LENGTH', [-10]: 'ARX_ERR_LENGTH',
  [-11]: 'ARX_ERR_TOO_LONG', [-12]: 'ARX_ERR_PADDING', [-13]: 'ARX_ERR_AUTH', [-14]: 'ARX_ERR_OVERLAP',
  [-15]: 'ARX_ERR_STATE', [-16]: 'ARX_ERR_BUFFER', [-17]: 'ARX_ERR_NOMEM', [-18]: 'ARX_ERR_THREADS',
  [-19]: 'ARX_ERR_ALIGN', [-26]: 'ARX_ERR_XTS_KEY', [-27]: 'ARX_ERR_CIPHER_MIX',
};
const TYPE_ERRORS = new Set([-2, -3, -4, -6, -27]);
const RANGE_ERRORS = new Set([-5, -7, -8, -9, -10, -11, -16, -26]);

function withCode(err, code) {
  Object.defineProperty(err, 'code', { value: code, enumerable: true, configurable: true });
  return err;
}

// ---- argument checks -----------------------------------------------------

function bytes(x, what) {
  if (!(x instanceof Uint8Array)) {
    const got = x === null ? 'null' : Array.isArray(x) ? 'an Array' : typeof x === 'object' ? (x.constructor?.name ?? 'an object') : typeof x;
    throw withCode(new TypeError(`${what} must be a Uint8Array, got ${got}`), 'ERR_INVALID_ARG_TYPE');
  }
  return x;
}

function optBytes(x, what) {
  return x === undefined || x === null ? EMPTY : bytes(x, what);
}

function output(out, n, fn) {
  if (out === undefined || out === null) return new Uint8Array(n);
  if (!(out instanceof Uint8Array)) bytes(out, `${fn}: out`);
  if (out.length < n) throw withCode(new RangeError(`${fn}: out holds ${out.length} bytes, needs ${n}`), 'ARX_ERR_BUFFER');
  return out;
}

function written(out, n) {
  return out.length === n ? out : out.subarray(0, n);
}

function integer(x, what, lo, hi) {
  if (typeof x !== 'number' || !Number.isInteger(x)) throw withCode(new TypeError(`${what} must be an integer, got ${typeof x}`), 'ERR_INVALID_ARG_TYPE');
  if (x < lo || x > hi) throw withCode(new RangeError(`${what} must be ${lo}..${hi}, got ${x}`), 'ERR_OUT_OF_RANGE');
  return x;
}

const EMPTY = new Uint8Array(0);

// ---- the module and its memory ------------------------------------------

/** First-fit allocator over the module's linear memory above __heap_base;
 * blocks are 16-byte aligned (ARX_STORAGE_ALIGN), free neighbours merge. */
class Heap {
  constructor(memory, base, onGrow) {
    this.memory = memory;
    this.onGrow = onGrow;
    const start = (base + 15) & ~15;
    this.free = [{ addr: start, size: memory.buffer.byteLength - start }];
    this.used = new Map();
  }

  alloc(n) {
    const size = Math.max(16, (n + 15) & ~15);
    for (;;) {
      for (let i = 0; i < this.free.length; i++) {
        const f = this.free[i];
        if (f.size < size) continue;
        const addr = f.addr;
        f.addr += size;
        f.size -= size;
        if (f.size === 0) this.free.splice(i, 1);
        this.used.set(addr, size);
        return addr;
      }
      this.grow(size);
    }
  }

  grow(size) {
    const old = this.memory.buffer.byteLength;
    // at least the request, at least half again what there is (fewer grows)
    const pages = Math.ceil(Math.max(size, old >>> 1) / 65536);
    try {
      this.memory.grow(pages);
    } catch {
      throw withCode(new RangeError(`arxcrypt: WebAssembly memory cannot grow by ${pages * 64} KiB`), 'ARX_ERR_NOMEM');
    }
    this.onGrow();
    this.release(old, pages * 65536, true);
  }

  release(addr, size = this.used.get(addr), fresh = false) {
    if (!fresh) {
      if (size === undefined) throw new Error(`arxcrypt: heap release of an unknown block ${addr}`);
      this.used.delete(addr);
    }
    const fl = this.free;
    let i = 0;
    while (i < fl.length && fl[i].addr < addr) i++;
    fl.splice(i, 0, { addr, size });
    if (i + 1 < fl.length && fl[i].addr + fl[i].size === fl[i + 1].addr) {
      fl[i].size += fl[i + 1].size;
      fl.splice(i + 1, 1);
    }
    if (i > 0 && fl[i - 1].addr + fl[i - 1].size === fl[i].addr) {
      fl[i - 1].size += fl[i].size;
      fl.splice(i, 1);
    }
  }
}

const MODES = ['ecb', 'cbc', 'cfb', 'ofb', 'ctr', 'gcm', 'ccm', 'cmac', 'xts'];
const MODE_INDEX = Object.fromEntries(MODES.map((m, i) => [m, i]));

// A module instance: the exports, the heap, a scratch area for the data of
// one call (wiped after every call), the cipher table.
class Instance {
  constructor(build, instance) {
    this.build = build;
    this.x = instance.exports;
    this.memory = this.x.memory;
    if (this.x.__heap_base.value < STACK_BYTES) throw new Error('arxcrypt: module layout: the stack is not below __heap_base');
    this.heap = new Heap(this.memory, this.x.__heap_base.value, () => this.refresh());
    this.view = new Uint8Array(this.memory.buffer);
    this.dv = new DataView(this.memory.buffer);
    this.win = this.view;
    this.winAt = -1;
    this.winLen = 0;
    this.scratch = 0;
    this.scratchSize = 0;
    this.cell = this.heap.alloc(16); // out-pointers and size_t results
    this.ciphers = new Map();
    const n = this.x.arx_cipher_count();
    for (let i = 0; i < n; i++) {
      const c = this.x.arx_cipher_at(i);
      const name = this.cstr(this.x.arx_cipher_name(c));
      const backends = [];
      const nb = this.x.arx_cipher_backend_count(c);
      for (let j = 0; j < nb; j++) {
        if (this.x.arx_cipher_backend_available(c, j)) backends.push(this.cstr(this.x.arx_cipher_backend_name(c, j)));
      }
      const info = Object.freeze({
        name,
        blockBytes: this.x.arx_cipher_block_bytes(c),
        keyBytes: this.x.arx_cipher_key_bytes(c),
        backends: Object.freeze(backends),
        modes: Object.freeze(MODES.filter((m) => this.x.arx_mode_check(c, MODE_INDEX[m]) === 0)),
      });
      this.ciphers.set(name, { ptr: c, info, storage: this.x.arx_key_storage_size(c) });
    }
    this.backendNames = new Map(); // C string address -> name
    this.version = this.cstr(this.x.arx_version());
    this.features = this.cstr(this.x.arx_cpu_features_string());
  }

  // The memory grows only through Heap.grow (the library never grows it),
  // which calls refresh(): no WebAssembly.Memory.buffer getter per call.
  u8() {
    return this.view;
  }

  // A DataView of the memory (the many calls' job structs: little-endian
  // words whatever the host's byte order), kept like the byte view.
  data() {
    return this.dv;
  }

  word(p) {
    const m = this.view;
    return (m[p] | (m[p + 1] << 8) | (m[p + 2] << 16) | (m[p + 3] << 24)) >>> 0;
  }

  refresh() {
    this.view = new Uint8Array(this.memory.buffer);
    this.dv = new DataView(this.memory.buffer);
    this.winAt = -1;
  }

  // A view of n bytes at p. The last one is kept: calls of one shape in a
  // loop (a fixed nonce and message length) read their result through the
  // same view instead of making a subarray per call (about 35 ns of a
  // 64-byte GCM call's ~0.2 us in JavaScript, Node 20).
  window(p, n) {
    if (p !== this.winAt || n !== this.winLen) {
      this.win = this.view.subarray(p, p + n);
      this.winAt = p;
      this.winLen = n;
    }
    return this.win;
  }

  cstr(p) {
    const m = this.u8();
    let e = p;
    while (m[e] !== 0) e++;
    return DECODER.decode(m.subarray(p, e));
  }

  // The scratch area, at least n bytes (it grows, and stays, to the largest call).
  take(n) {
    if (n > this.scratchSize) {
      if (this.scratch) this.heap.release(this.scratch);
      this.scratchSize = Math.max(n, 4096);
      this.scratch = this.heap.alloc(this.scratchSize);
    }
    return this.scratch;
  }

  // The C stack (the first STACK_BYTES of memory: wasm-ld --stack-first)
  // keeps what the library's functions left in their frames (counter
  // blocks, partial GHASH values). dispose() of a key or context zeroes it
  // all, so nothing of a disposed key outlives it anywhere in the module;
  // and the scratch area with it, where a one-shot encryption leaves its
  // public output (nonce, AAD, ciphertext, tag: aeadEncrypt does not wipe
  // those per call).
  wipeStack() {
    this.u8().fill(0, 0, STACK_BYTES);
    if (this.scratch) this.u8().fill(0, this.scratch, this.scratch + this.scratchSize);
  }

  put(p, data) {
    if (data.length) this.u8().set(data, p);
  }

  wipe(p, n) {
    if (n) this.u8().fill(0, p, p + n);
  }

  fail(rc, fn, detail) {
    const code = CODES[rc] ?? `ARX_ERR_${-rc}`;
    const msg = `${fn}: ${this.cstr(this.x.arx_strerror(rc))}${detail ? ` (${detail})` : ''}`;
    if (rc === -13) return new AuthenticationError(msg);
    if (rc === -12) return new PaddingError(msg);
    if (TYPE_ERRORS.has(rc)) return withCode(new TypeError(msg), code);
    if (RANGE_ERRORS.has(rc)) return withCode(new RangeError(msg), code);
    return new ArxError(msg, code);
  }

  cipher(name, fn) {
    if (typeof name !== 'string') throw withCode(new TypeError(`${fn}: cipher name must be a string, got ${typeof name}`), 'ERR_INVALID_ARG_TYPE');
    const c = this.ciphers.get(name);
    if (!c) throw withCode(new TypeError(`${fn}: unknown cipher '${name}' (ciphers() lists them)`), 'ARX_ERR_UNKNOWN_CIPHER');
    return c;
  }
}

const DECODER = new TextDecoder();
// -Wl,-z,stack-size in CMakeLists.txt (arxcrypt-wasm), below __heap_base
const STACK_BYTES = 262144;

async function loadModule(build) {
  const mod = build === 'simd' ? await import('./wasm-simd.js') : await import('./wasm-scalar.js');
  const bin = decodeBase64(mod.default);
  const { instance } = await WebAssembly.instantiate(bin, {});
  return new Instance(build, instance);
}

function decodeBase64(s) {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(s);
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

let current = null;
let pending = null;

function resolveBuild(build = 'auto') {
  if (build === 'auto') return simdSupported() ? 'simd' : 'scalar';
  if (build === 'simd') {
    if (!simdSupported()) throw withCode(new RangeError("init: build 'simd' asked for, but this engine has no WebAssembly SIMD128"), 'ARX_ERR_BACKEND_UNAVAILABLE');
    return build;
  }
  if (build === 'scalar') return build;
  throw withCode(new TypeError(`init: build must be 'auto', 'simd' or 'scalar', got ${String(build)}`), 'ERR_INVALID_ARG_VALUE');
}

/**
 * Load the WebAssembly module (once): the SIMD128 build where the engine
 * validates SIMD, else the scalar one; { build: 'simd' | 'scalar' } forces
 * one. Resolves to the build's name. Everything else is synchronous and
 * needs init() to have resolved.
 */
export async function init(options = {}) {
  if (options === null || typeof options !== 'object') throw withCode(new TypeError('init: options must be an object'), 'ERR_INVALID_ARG_TYPE');
  const build = resolveBuild(options.build);
  if (current && (options.build === undefined || options.build === 'auto' || current.build === build)) return current.build;
  if (!pending || pending.build !== build) {
    const p = loadModule(build).then((inst) => {
      current = inst;
      return inst.build;
    });
    pending = { build, p };
    p.catch(() => { if (pending?.p === p) pending = null; });
  }
  return pending.p;
}

/**
 * A separate module instance of one build, with the whole API bound to it
 * (keys made from it run on it). For using both builds side by side; most
 * callers want init().
 */
export async function instantiate(options = {}) {
  const inst = await loadModule(resolveBuild(options.build));
  return makeApi(inst);
}

function inst() {
  if (!current) throw new ArxError('arxcrypt: not initialised: await init() first', 'ERR_NOT_INITIALISED');
  return current;
}

/** 'simd' or 'scalar' (init() must have resolved). */
export function build() {
  return inst().build;
}

/** The C library's version string. */
export function version() {
  return inst().version;
}

/** Every cipher: { name, blockBytes, keyBytes, backends, modes }. */
export function ciphers(instance = inst()) {
  return [...instance.ciphers.values()].map((c) => c.info);
}

/** One cipher's facts, as in ciphers(); TypeError if the name is unknown. */
export function cipherInfo(name, instance = inst()) {
  return instance.cipher(name, 'cipherInfo').info;
}

// ---- keys ----------------------------------------------------------------

const finalizer = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((held) => (held.xts ? freeXts(held) : freeKey(held))) : null;

function freeKey(held) {
  if (!held.ptr) return;
  held.inst.x.arx_key_free(held.ptr); // wipes the schedule and the GHASH key
  held.inst.heap.release(held.mem);
  held.inst.wipeStack();
  held.ptr = 0;
}

const disposeSymbol = typeof Symbol.dispose === 'symbol' ? Symbol.dispose : Symbol.for('nodejs.dispose');

/**
 * An expanded key in WebAssembly memory (arx_key_init). dispose() (or
 * `using`, or Symbol.dispose) wipes the schedule; a key that is garbage
 * collected undisposed is wiped then (FinalizationRegistry), at a time the
 * engine picks: dispose keys you are done with.
 */
export class Key {
  #held;

  constructor(cipher, key, options = {}) {
    if (options === null || typeof options !== 'object') throw withCode(new TypeError('Key: options must be an object'), 'ERR_INVALID_ARG_TYPE');
    const I = options.instance ? options.instance[INSTANCE] ?? options.instance : inst();
    if (!(I instanceof Instance)) throw withCode(new TypeError('Key: options.instance is not an arxcrypt instance'), 'ERR_INVALID_ARG_TYPE');
    const c = I.cipher(cipher, 'Key');
    bytes(key, 'Key: key');
    if (key.length !== c.info.keyBytes) {
      throw withCode(new RangeError(`Key: ${cipher} takes a ${c.info.keyBytes}-byte key, got ${key.length} bytes`), 'ARX_ERR_KEY_LENGTH');
    }
    const backend = options.backend;
    if (backend !== undefined && typeof backend !== 'string') throw withCode(new TypeError('Key: options.backend must be a string'), 'ERR_INVALID_ARG_TYPE');
    const mem = I.heap.alloc(c.storage);
    const nameLen = backend ? ENCODER.encode(backend).length + 1 : 0;
    const s = I.take(key.length + nameLen);
    I.put(s, key);
    if (backend) {
      I.put(s + key.length, ENCODER.encode(backend));
      I.u8()[s + key.length + nameLen - 1] = 0;
    }
    const rc = I.x.arx_key_init(I.cell, mem, c.storage, c.ptr, s, key.length, backend ? s + key.length : 0);
    I.wipe(s, key.length + nameLen);
    if (rc !== 0) {
      I.heap.release(mem);
      throw I.fail(rc, 'Key', backend ? `backend '${backend}' for ${cipher}` : cipher);
    }
    const ptr = I.word(I.cell);
    // modes: bit i set when MODES[i] is defined for the cipher (the table
    // arx_mode_check built at load), so a call checks it without two calls
    // into the module
    let modes = 0;
    for (const m of c.info.modes) modes |= 1 << MODE_INDEX[m];
    this.#held = { inst: I, ptr, mem, modes };
    this.cipher = cipher;
    this.blockBytes = c.info.blockBytes;
    this.keyBytes = c.info.keyBytes;
    this.backend = I.cstr(I.x.arx_key_backend(ptr));
    finalizer?.register(this, this.#held, this);
    Object.freeze(this);
  }

  /** Wipe the key schedule in WebAssembly memory; the key is unusable afterwards. Idempotent. */
  dispose() {
    if (!this.#held.ptr) return;
    finalizer?.unregister(this);
    freeKey(this.#held);
  }

  [disposeSymbol]() {
    this.dispose();
  }

  /** True once dispose() ran. */
  get disposed() {
    return this.#held.ptr === 0;
  }

  // _handle's handle, or null where _handle would throw (no message built)
  static _held(k) {
    if (!(k instanceof Key)) return null;
    const h = k.#held;
    return h.ptr ? h : null;
  }

  static _handle(k, fn) {
    if (!(k instanceof Key)) throw withCode(new TypeError(`${fn}: key must be an arxcrypt Key`), 'ERR_INVALID_ARG_TYPE');
    const h = k.#held;
    if (!h.ptr) throw new ArxError(`${fn}: the key was disposed`, 'ERR_KEY_DISPOSED');
    return h;
  }
}

const ENCODER = new TextEncoder();
const INSTANCE = Symbol('arxcrypt.instance');

function modeCheck(h, k, mode, fn) {
  if ((h.modes & (1 << MODE_INDEX[mode])) === 0) throw withCode(new TypeError(`${fn}: ${mode} is not defined for ${k.cipher} (${k.blockBytes}-byte blocks)`), 'ARX_ERR_MODE_UNSUPPORTED');
}

// ---- ECB, CBC, CFB, OFB, CTR (one-shot) ---------------------------------

function blockMultiple(k, data, fn) {
  if (data.length % k.blockBytes) throw withCode(new RangeError(`${fn}: ${data.length} bytes is not a multiple of ${k.cipher}'s ${k.blockBytes}-byte block`), 'ARX_ERR_LENGTH');
}

function ivCheck(k, iv, fn, what = 'iv') {
  bytes(iv, `${fn}: ${what}`);
  if (iv.length !== k.blockBytes) throw withCode(new RangeError(`${fn}: ${what} must be ${k.blockBytes} bytes (${k.cipher}'s block), got ${iv.length}`), 'ARX_ERR_IV_LENGTH');
}

// in place in the scratch area: [iv][data]
function oneShot(fn, cname, k, iv, data, out, call) {
  const h = Key._handle(k, fn);
  bytes(data, `${fn}: data`);
  if (iv !== null) ivCheck(k, iv, fn);
  const I = h.inst;
  const ivLen = iv ? iv.length : 0;
  out = output(out, data.length, fn);
  const s = I.take(ivLen + data.length);
  if (iv) I.put(s, iv);
  const p = s + ivLen;
  I.put(p, data);
  const rc = call(I.x, h.ptr, s, ivLen, p, data.length);
  if (rc !== 0) {
    I.wipe(s, ivLen + data.length);
    throw I.fail(rc, fn, cname);
  }
  out.set(I.window(p, data.length));
  I.wipe(s, ivLen + data.length);
  return written(out, data.length);
}

/** ECB encryption; data a multiple of the block. */
export function ecbEncrypt(key, data, out) {
  Key._handle(key, 'ecbEncrypt');
  blockMultiple(key, bytes(data, 'ecbEncrypt: data'), 'ecbEncrypt');
  return oneShot('ecbEncrypt', key.cipher, key, null, data, out, (x, k, _iv, _n, p, n) => x.arx_ecb_encrypt(k, p, p, n));
}
export function ecbDecrypt(key, data, out) {
  Key._handle(key, 'ecbDecrypt');
  blockMultiple(key, bytes(data, 'ecbDecrypt: data'), 'ecbDecrypt');
  return oneShot('ecbDecrypt', key.cipher, key, null, data, out, (x, k, _iv, _n, p, n) => x.arx_ecb_decrypt(k, p, p, n));
}
/** CBC without padding: iv one block, data a multiple of the block. */
export function cbcEncrypt(key, iv, data, out) {
  Key._handle(key, 'cbcEncrypt');
  blockMultiple(key, bytes(data, 'cbcEncrypt: data'), 'cbcEncrypt');
  return oneShot('cbcEncrypt', key.cipher, key, iv, data, out, (x, k, v, vn, p, n) => x.arx_cbc_encrypt(k, v, vn, p, p, n));
}
export function cbcDecrypt(key, iv, data, out) {
  Key._handle(key, 'cbcDecrypt');
  blockMultiple(key, bytes(data, 'cbcDecrypt: data'), 'cbcDecrypt');
  return oneShot('cbcDecrypt', key.cipher, key, iv, data, out, (x, k, v, vn, p, n) => x.arx_cbc_decrypt(k, v, vn, p, p, n));
}
/** CFB with full-block segments; any length. */
export function cfbEncrypt(key, iv, data, out) {
  return oneShot('cfbEncrypt', key?.cipher, key, iv, data, out, (x, k, v, vn, p, n) => x.arx_cfb_encrypt(k, v, vn, p, p, n));
}
export function cfbDecrypt(key, iv, data, out) {
  return oneShot('cfbDecrypt', key?.cipher, key, iv, data, out, (x, k, v, vn, p, n) => x.arx_cfb_decrypt(k, v, vn, p, p, n));
}
/** OFB; any length; the same call encrypts and decrypts. */
export function ofbXor(key, iv, data, out) {
  return oneShot('ofbXor', key?.cipher, key, iv, data, out, (x, k, v, vn, p, n) => x.arx_ofb_xor(k, v, vn, p, p, n));
}
// Long inputs go through the module in CHUNK-byte pieces (a streaming
// context underneath, which gives the same bytes as the one-shot call):
// the scratch area then stays in the core's cache instead of being as long
// as the message, and the copies in and out and the final wipe touch it
// there. (LEA-128-CTR, 1 MiB, Chromium: see docs/PERFORMANCE.md.)
const CHUNK = 65536;

/** CTR (SP 800-38A): iv is the initial counter block, the whole block one
 * big-endian counter; any length; the same call encrypts and decrypts. */
export function ctrXor(key, iv, data, out) {
  if (!(data instanceof Uint8Array) || data.length <= CHUNK) {
    return oneShot('ctrXor', key?.cipher, key, iv, data, out, (x, k, v, vn, p, n) => x.arx_ctr_xor(k, v, vn, p, p, n));
  }
  const fn = 'ctrXor';
  const h = Key._handle(key, fn);
  ivCheck(key, iv, fn);
  out = output(out, data.length, fn);
  const I = h.inst;
  const s = I.take(64 + 16 + CHUNK); // [context][iv][chunk]
  const p = s + 80;
  I.put(s + 64, iv);
  let rc = I.x.arx_ctr_init(I.cell, s, 64, h.ptr, s + 64, iv.length);
  if (rc === 0) {
    const ctx = I.word(I.cell);
    for (let off = 0; off < data.length && rc === 0; off += CHUNK) {
      const n = Math.min(CHUNK, data.length - off);
      I.view.set(data.subarray(off, off + n), p);
      rc = I.x.arx_ctr_update(ctx, p, p, n);
      if (rc === 0) out.set(I.view.subarray(p, p + n), off);
    }
    I.x.arx_ctr_free(ctx);
  }
  I.wipe(s, 80 + Math.min(CHUNK, data.length));
  if (rc !== 0) throw I.fail(rc, fn, key.cipher);
  return written(out, data.length);
}

/** CBC with PKCS#7 padding: 1 to block bytes of padding added. */
export function cbcEncryptPad(key, iv, data, out) {
  const fn = 'cbcEncryptPad';
  const h = Key._handle(key, fn);
  ivCheck(key, iv, fn);
  bytes(data, `${fn}: data`);
  const B = key.blockBytes;
  const n = data.length + (B - (data.length % B));
  out = output(out, n, fn);
  const I = h.inst;
  const s = I.take(B + n);
  I.put(s, iv);
  I.put(s + B, data);
  const rc = I.x.arx_cbc_encrypt_pad(h.ptr, s, B, s + B, n, I.cell, s + B, data.length);
  if (rc !== 0) {
    I.wipe(s, B + n);
    throw I.fail(rc, fn, key.cipher);
  }
  out.set(I.u8().subarray(s + B, s + B + n));
  I.wipe(s, B + n);
  return written(out, n);
}

/** CBC with PKCS#7 padding removed; throws PaddingError (nothing released) if it is invalid. */
export function cbcDecryptPad(key, iv, data, out) {
  const fn = 'cbcDecryptPad';
  const h = Key._handle(key, fn);
  ivCheck(key, iv, fn);
  bytes(data, `${fn}: data`);
  const B = key.blockBytes;
  if (data.length === 0 || data.length % B) throw withCode(new RangeError(`${fn}: ciphertext must be a non-zero multiple of ${B} bytes, got ${data.length}`), 'ARX_ERR_LENGTH');
  if (out !== undefined && out !== null) output(out, 0, fn);
  const I = h.inst;
  const s = I.take(B + data.length);
  I.put(s, iv);
  I.put(s + B, data);
  const rc = I.x.arx_cbc_decrypt_pad(h.ptr, s, B, s + B, data.length, I.cell, s + B, data.length);
  const n = I.word(I.cell);
  if (rc !== 0) {
    I.wipe(s, B + data.length);
    throw I.fail(rc, fn, key.cipher);
  }
  let res;
  try {
    res = output(out, n, fn);
  } catch (e) {
    I.wipe(s, B + data.length);
    throw e;
  }
  res.set(I.u8().subarray(s + B, s + B + n));
  I.wipe(s, B + data.length);
  return written(res, n);
}

// ---- GCM and CCM (one-shot) ----------------------------------------------

function aeadOptions(opts, fn) {
  if (opts === undefined || opts === null) return { aad: EMPTY, tagLength: 16 };
  if (typeof opts !== 'object') throw withCode(new TypeError(`${fn}: options must be an object`), 'ERR_INVALID_ARG_TYPE');
  const aad = optBytes(opts.aad, `${fn}: aad`);
  const tagLength = opts.tagLength === undefined ? 16 : integer(opts.tagLength, `${fn}: tagLength`, 1, 16);
  return { aad, tagLength };
}

function aeadEncrypt(fn, mode, key, nonce, data, opts, out, call) {
  const h = Key._handle(key, fn);
  modeCheck(h, key, mode, fn);
  if (!(nonce instanceof Uint8Array)) bytes(nonce, `${fn}: nonce`); // the message only when it throws
  if (!(data instanceof Uint8Array)) bytes(data, `${fn}: data`);
  const { aad, tagLength } = aeadOptions(opts, fn);
  const n = data.length;
  out = output(out, n + tagLength, fn);
  const I = h.inst;
  const s = I.take(nonce.length + aad.length + n + tagLength);
  const pa = s + nonce.length, pd = pa + aad.length, pt = pd + n;
  I.put(s, nonce);
  I.put(pa, aad);
  I.put(pd, data);
  const rc = call(I.x, h.ptr, s, nonce.length, pa, aad.length, pd, pd, n, pt, tagLength);
  const total = nonce.length + aad.length + n + tagLength;
  if (rc !== 0) {
    I.wipe(s, total);
    throw I.fail(rc, fn, `${key.cipher}, ${nonce.length}-byte nonce, ${tagLength}-byte tag`);
  }
  out.set(I.window(pd, n + tagLength));
  // No wipe: the library encrypted in place, so the scratch area holds only
  // the nonce, the AAD, the ciphertext and the tag (a failed call, above,
  // left plaintext there and wiped it).
  return written(out, n + tagLength);
}

function aeadDecrypt(fn, mode, key, nonce, sealed, opts, out, call) {
  const h = Key._handle(key, fn);
  modeCheck(h, key, mode, fn);
  if (!(nonce instanceof Uint8Array)) bytes(nonce, `${fn}: nonce`);
  if (!(sealed instanceof Uint8Array)) bytes(sealed, `${fn}: data`);
  const { aad, tagLength } = aeadOptions(opts, fn);
  if (sealed.length < tagLength) throw withCode(new RangeError(`${fn}: data (${sealed.length} bytes) is shorter than the ${tagLength}-byte tag`), 'ARX_ERR_LENGTH');
  const n = sealed.length - tagLength;
  out = output(out, n, fn);
  const I = h.inst;
  const s = I.take(nonce.length + aad.length + n + tagLength);
  const pa = s + nonce.length, pd = pa + aad.length, pt = pd + n;
  I.put(s, nonce);
  I.put(pa, aad);
  I.put(pd, sealed);
  const rc = call(I.x, h.ptr, s, nonce.length, pa, aad.length, pd, pd, n, pt, tagLength);
  const total = nonce.length + aad.length + n + tagLength;
  if (rc !== 0) {
    I.wipe(s, total); // the library zeroed the plaintext already; the rest goes too
    throw I.fail(rc, fn, `${key.cipher}, ${nonce.length}-byte nonce, ${tagLength}-byte tag`);
  }
  out.set(I.window(pd, n));
  I.wipe(s, total);
  return written(out, n);
}

/** GCM encryption: returns ciphertext || tag (tagLength 4..16, default 16). */
export function gcmEncrypt(key, nonce, data, options, out) {
  if (!(data instanceof Uint8Array) || data.length <= CHUNK) {
    return aeadEncrypt('gcmEncrypt', 'gcm', key, nonce, data, options, out, (x, k, n, nl, a, al, o, i, l, t, tl) => x.arx_gcm_encrypt(k, n, nl, a, al, o, i, l, t, tl));
  }
  // long messages through the streaming context, CHUNK bytes at a time
  // (decryption stays one-shot: it verifies before it releases anything)
  const fn = 'gcmEncrypt';
  const h = Key._handle(key, fn);
  modeCheck(h, key, 'gcm', fn);
  bytes(nonce, `${fn}: nonce`);
  const { aad, tagLength } = aeadOptions(options, fn);
  const n = data.length;
  out = output(out, n + tagLength, fn);
  const I = h.inst;
  const head = 256 + ((nonce.length + 15) & ~15);
  const s = I.take(head + CHUNK + 16); // [context][nonce][chunk][tag]
  const p = s + head;
  I.put(s + 256, nonce);
  let rc = I.x.arx_gcm_init(I.cell, s, 256, h.ptr, s + 256, nonce.length);
  if (rc === 0) {
    const ctx = I.word(I.cell);
    for (let off = 0; off < aad.length && rc === 0; off += CHUNK) {
      const m = Math.min(CHUNK, aad.length - off);
      I.view.set(aad.subarray(off, off + m), p);
      rc = I.x.arx_gcm_aad(ctx, p, m);
    }
    for (let off = 0; off < n && rc === 0; off += CHUNK) {
      const m = Math.min(CHUNK, n - off);
      I.view.set(data.subarray(off, off + m), p);
      rc = I.x.arx_gcm_encrypt_update(ctx, p, p, m);
      if (rc === 0) out.set(I.view.subarray(p, p + m), off);
    }
    if (rc === 0) rc = I.x.arx_gcm_encrypt_final(ctx, p + CHUNK, tagLength);
    if (rc === 0) out.set(I.view.subarray(p + CHUNK, p + CHUNK + tagLength), n);
    I.x.arx_gcm_free(ctx);
  }
  I.wipe(s, head + CHUNK + 16);
  if (rc !== 0) {
    out.fill(0, 0, n + tagLength);
    throw I.fail(rc, fn, `${key.cipher}, ${nonce.length}-byte nonce, ${tagLength}-byte tag`);
  }
  return written(out, n + tagLength);
}
/** GCM decryption of ciphertext || tag; AuthenticationError if the tag fails (no plaintext released). */
export function gcmDecrypt(key, nonce, data, options, out) {
  return aeadDecrypt('gcmDecrypt', 'gcm', key, nonce, data, options, out, (x, k, n, nl, a, al, o, i, l, t, tl) => x.arx_gcm_decrypt(k, n, nl, a, al, o, i, l, t, tl));
}
/** CCM encryption (nonce 7..13 bytes, tag 4..16 even): ciphertext || tag. */
export function ccmEncrypt(key, nonce, data, options, out) {
  return aeadEncrypt('ccmEncrypt', 'ccm', key, nonce, data, options, out, (x, k, n, nl, a, al, o, i, l, t, tl) => x.arx_ccm_encrypt(k, n, nl, a, al, o, i, l, t, tl));
}
/** CCM decryption of ciphertext || tag; AuthenticationError if the tag fails. */
export function ccmDecrypt(key, nonce, data, options, out) {
  return aeadDecrypt('ccmDecrypt', 'ccm', key, nonce, data, options, out, (x, k, n, nl, a, al, o, i, l, t, tl) => x.arx_ccm_decrypt(k, n, nl, a, al, o, i, l, t, tl));
}

// ---- CMAC ----------------------------------------------------------------

/** CMAC (SP 800-38B) of msg: the first tagLength bytes (default: the block). */
export function cmac(key, msg, tagLength) {
  const fn = 'cmac';
  const h = Key._handle(key, fn);
  modeCheck(h, key, 'cmac', fn);
  bytes(msg, `${fn}: msg`);
  const t = tagLength === undefined ? key.blockBytes : integer(tagLength, `${fn}: tagLength`, 1, key.blockBytes);
  const I = h.inst;
  const s = I.take(msg.length + t);
  I.put(s, msg);
  const rc = I.x.arx_cmac(h.ptr, s, msg.length, s + msg.length, t);
  if (rc !== 0) {
    I.wipe(s, msg.length + t);
    throw I.fail(rc, fn, key.cipher);
  }
  const tag = I.u8().slice(s + msg.length, s + msg.length + t);
  I.wipe(s, msg.length + t);
  return tag;
}

/** True if tag is msg's CMAC (compared in constant time, in the library). */
export function cmacVerify(key, msg, tag) {
  const fn = 'cmacVerify';
  const h = Key._handle(key, fn);
  modeCheck(h, key, 'cmac', fn);
  bytes(msg, `${fn}: msg`);
  bytes(tag, `${fn}: tag`);
  const I = h.inst;
  const s = I.take(msg.length + tag.length);
  I.put(s, msg);
  I.put(s + msg.length, tag);
  const rc = I.x.arx_cmac_verify(h.ptr, s, msg.length, s + msg.length, tag.length);
  I.wipe(s, msg.length + tag.length);
  if (rc === 0) return true;
  if (rc === -13) return false;
  throw I.fail(rc, fn, `${key.cipher}, ${tag.length}-byte tag`);
}

// ---- many messages at once (arx_*_many) ------------------------------------

// struct arx_job on wasm32: key, nonce, nonce_len, aad, aad_len, out, in,
// len, tag, tag_len, status; eleven 4-byte fields.
const JOB_WORDS = 11;
const JOB_BYTES = 4 * JOB_WORDS;

// What each many call reads from a job and how it lays it out (manyJob).
const MANY = {
  gcmEncryptMany: { mode: 'gcm', c: 'arx_gcm_encrypt_many', aead: true, seal: true },
  gcmDecryptMany: { mode: 'gcm', c: 'arx_gcm_decrypt_many', aead: true, seal: false },
  ccmEncryptMany: { mode: 'ccm', c: 'arx_ccm_encrypt_many', aead: true, seal: true },
  ccmDecryptMany: { mode: 'ccm', c: 'arx_ccm_decrypt_many', aead: true, seal: false },
  ctrXorMany: { mode: 'ctr', c: 'arx_ctr_xor_many' },
  cmacMany: { mode: 'cmac', c: 'arx_cmac_many', mac: true, seal: true },
  cmacVerifyMany: { mode: 'cmac', c: 'arx_cmac_verify_many', mac: true, seal: false },
};
for (const op of Object.values(MANY)) op.bit = 1 << MODE_INDEX[op.mode];

// The prefix of a job's error messages, built only when one is thrown (a
// string per job and field cost more than the WebAssembly call at 16 bytes).
function manyAt(fn, i) {
  return `${fn}: jobs[${i}]`;
}

function manyBytes(x, fn, i, field) {
  return x instanceof Uint8Array ? x : bytes(x, `${manyAt(fn, i)}.${field}`);
}

// One job checked; its pieces: nonce and aad bytes, the input (data without
// the tag when decrypting), the tag bytes to pass in (verify) or the tag
// length to receive (produce).
function manyJob(fn, op, job, i, first) {
  if (job === null || typeof job !== 'object') throw withCode(new TypeError(`${manyAt(fn, i)} must be an object, got ${job === null ? 'null' : typeof job}`), 'ERR_INVALID_ARG_TYPE');
  const k = job.key;
  const h = Key._held(k) ?? Key._handle(k, `${manyAt(fn, i)}.key`);
  if (first && h.inst !== first.inst) throw withCode(new TypeError(`${manyAt(fn, i)}.key belongs to another arxcrypt instance than jobs[0].key`), 'ERR_INVALID_ARG_VALUE');
  if (first && k.cipher !== first.cipher) {
    throw withCode(new TypeError(`${manyAt(fn, i)}.key is ${k.cipher}, jobs[0].key is ${first.cipher}: one call takes keys of one cipher`), 'ARX_ERR_CIPHER_MIX');
  }
  if ((h.modes & op.bit) === 0) modeCheck(h, k, op.mode, manyAt(fn, i));
  const j = { h, nonce: EMPTY, aad: EMPTY, input: null, tagIn: EMPTY, tagLen: 0, data: 0, tag: 0 };
  if (op.mac) {
    j.input = manyBytes(job.msg, fn, i, 'msg');
    if (op.seal) j.tagLen = job.tagLength === undefined ? k.blockBytes : integer(job.tagLength, `${manyAt(fn, i)}.tagLength`, 1, k.blockBytes);
    else j.tagIn = manyBytes(job.tag, fn, i, 'tag');
    return j;
  }
  if (!op.aead) {
    const iv = job.iv;
    if (!(iv instanceof Uint8Array) || iv.length !== k.blockBytes) ivCheck(k, iv, manyAt(fn, i));
    j.nonce = iv;
    j.input = manyBytes(job.data, fn, i, 'data');
    return j;
  }
  j.nonce = manyBytes(job.nonce, fn, i, 'nonce');
  const aad = job.aad;
  j.aad = aad === undefined || aad === null ? EMPTY : manyBytes(aad, fn, i, 'aad');
  const t = job.tagLength;
  const tagLength = t === undefined ? 16 : Number.isInteger(t) && t >= 1 && t <= 16 ? t : integer(t, `${manyAt(fn, i)}.tagLength`, 1, 16);
  const data = manyBytes(job.data, fn, i, 'data');
  if (op.seal) {
    j.input = data;
    j.tagLen = tagLength;
  } else {
    if (data.length < tagLength) throw withCode(new RangeError(`${manyAt(fn, i)}: data (${data.length} bytes) is shorter than the ${tagLength}-byte tag`), 'ARX_ERR_LENGTH');
    j.input = data.subarray(0, data.length - tagLength);
    j.tagIn = data.subarray(data.length - tagLength);
  }
  return j;
}

// Every job checked (nothing computed unless all pass), laid out in the
// scratch area (the job structs, 4-byte words at its 16-byte aligned start,
// then each job's nonce, aad, input and tag), one call, the results copied
// out, the scratch wiped.
function runMany(fn, jobs) {
  const op = MANY[fn];
  if (!Array.isArray(jobs)) throw withCode(new TypeError(`${fn}: jobs must be an Array, got ${jobs === null ? 'null' : typeof jobs}`), 'ERR_INVALID_ARG_TYPE');
  const n = jobs.length;
  if (n === 0) return [];
  const js = new Array(n);
  let first = null;
  let total = n * JOB_BYTES, side = 0;
  for (let i = 0; i < n; i++) {
    const j = manyJob(fn, op, jobs[i], i, first);
    first ??= { inst: j.h.inst, cipher: jobs[0].key.cipher };
    js[i] = j;
    side += j.nonce.length + j.aad.length + j.tagIn.length;
    total += j.nonce.length + j.aad.length + j.input.length + j.tagIn.length + j.tagLen;
  }
  const I = first.inst;
  const s = I.take(total);
  const m = I.u8(), dv = I.data();
  // [job structs][nonces, AAD, tags passed in][each job's data and tag out,
  // one after another: one copy out for the whole batch]
  let p = s + n * JOB_BYTES;
  let q = p + side;
  const outAt = q;
  for (let i = 0; i < n; i++) {
    const j = js[i];
    const nonce = p;
    if (j.nonce.length) m.set(j.nonce, p);
    p += j.nonce.length;
    const aad = p;
    if (j.aad.length) m.set(j.aad, p);
    p += j.aad.length;
    let tag = p;
    if (j.tagIn.length) m.set(j.tagIn, p);
    p += j.tagIn.length;
    const data = q;
    if (j.input.length) m.set(j.input, q);
    q += j.input.length;
    if (j.tagLen) tag = q;
    q += j.tagLen;
    j.data = data;
    j.tag = tag;
    const o = s + i * JOB_BYTES;
    dv.setUint32(o, j.h.ptr, true);
    dv.setUint32(o + 4, nonce, true);
    dv.setUint32(o + 8, j.nonce.length, true);
    dv.setUint32(o + 12, aad, true);
    dv.setUint32(o + 16, j.aad.length, true);
    dv.setUint32(o + 20, op.mac ? 0 : data, true);
    dv.setUint32(o + 24, data, true);
    dv.setUint32(o + 28, j.input.length, true);
    dv.setUint32(o + 32, tag, true);
    dv.setUint32(o + 36, j.tagLen || j.tagIn.length, true);
    dv.setUint32(o + 40, 0, true);
  }
  const rc = I.x[op.c](s, n);
  const status = (i) => dv.getInt32(s + i * JOB_BYTES + 40, true);
  if (rc !== 0 && rc !== -13) {
    let i = 0;
    while (i < n && (status(i) === 0 || status(i) === -13)) i++;
    if (i === n) i = 0;
    I.wipe(s, total);
    const j = js[i];
    throw I.fail(rc, manyAt(fn, i), `${jobs[i].key.cipher}${op.mac ? '' : `, ${j.nonce.length}-byte ${op.aead ? 'nonce' : 'iv'}`}${j.tagLen || j.tagIn.length ? `, ${j.tagLen || j.tagIn.length}-byte tag` : ''}`);
  }
  // The outputs, one copy: each job's result a view of it (a message whose
  // tag failed was zeroed by the library, and its view is not returned).
  const all = op.mac && !op.seal ? null : m.slice(outAt, s + total);
  const buf = all?.buffer;
  // views by the constructor: subarray() looks up the species constructor per call
  const res = new Array(n);
  for (let i = 0; i < n; i++) {
    const j = js[i];
    const ok = status(i) === 0;
    if (op.mac) res[i] = op.seal ? new Uint8Array(buf, j.tag - outAt, j.tagLen) : ok;
    else if (op.aead && !op.seal) {
      const at = j.data - outAt;
      if (!ok) all.fill(0, at, at + j.input.length); // the library zeroed it; so does this copy
      res[i] = { ok, data: ok ? new Uint8Array(buf, at, j.input.length) : null };
    }
    else res[i] = new Uint8Array(buf, j.data - outAt, j.input.length + j.tagLen); // ciphertext || tag
  }
  I.wipe(s, total);
  return res;
}

/**
 * Many GCM messages in one call (arx_gcm_encrypt_many): jobs is an Array of
 * { key, nonce, data, aad?, tagLength? }, the keys all of one cipher; returns
 * one ciphertext || tag per job, as gcmEncrypt would. Any bad job throws
 * (its index in the message) before anything is computed.
 */
export function gcmEncryptMany(jobs) {
  return runMany('gcmEncryptMany', jobs);
}
/**
 * Many GCM openings in one call: jobs { key, nonce, data (ciphertext || tag),
 * aad?, tagLength? }; returns one { ok, data } per job: ok false and data null
 * where that job's tag failed (nothing of it released), the others' plaintext.
 */
export function gcmDecryptMany(jobs) {
  return runMany('gcmDecryptMany', jobs);
}
/** ccmEncrypt for many jobs at once; as gcmEncryptMany. */
export function ccmEncryptMany(jobs) {
  return runMany('ccmEncryptMany', jobs);
}
/** ccmDecrypt for many jobs at once; as gcmDecryptMany. */
export function ccmDecryptMany(jobs) {
  return runMany('ccmDecryptMany', jobs);
}
/** ctrXor for many jobs { key, iv, data } at once; one output per job. */
export function ctrXorMany(jobs) {
  return runMany('ctrXorMany', jobs);
}
/** cmac for many jobs { key, msg, tagLength? } at once; one tag per job. */
export function cmacMany(jobs) {
  return runMany('cmacMany', jobs);
}
/** cmacVerify for many jobs { key, msg, tag } at once; one boolean per job. */
export function cmacVerifyMany(jobs) {
  return runMany('cmacVerifyMany', jobs);
}

// ---- streaming CTR and GCM -----------------------------------------------

const ctxFinalizer = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((held) => freeCtx(held)) : null;

function freeCtx(held) {
  if (!held.ptr) return;
  held.free(held.ptr); // arx_ctr_free / arx_gcm_free: wipes the counter, GHASH state
  held.inst.heap.release(held.mem);
  held.inst.wipeStack();
  held.ptr = 0;
}

class Context {
  #held;
  #key;

  constructor(key, held) {
    this.#key = key; // the key outlives its contexts
    this.#held = held;
    ctxFinalizer?.register(this, held, this);
  }

  _ptr(fn) {
    if (!this.#held.ptr) throw new ArxError(`${fn}: the context was disposed`, 'ERR_CONTEXT_DISPOSED');
    Key._handle(this.#key, fn);
    return this.#held;
  }

  /** Wipe the context (counter, keystream, GHASH state). Idempotent. */
  dispose() {
    if (!this.#held.ptr) return;
    ctxFinalizer?.unregister(this);
    freeCtx(this.#held);
  }

  [disposeSymbol]() {
    this.dispose();
  }

  get disposed() {
    return this.#held.ptr === 0;
  }
}

function streamData(held, fn, data, out, call) {
  bytes(data, `${fn}: data`);
  out = output(out, data.length, fn);
  const I = held.inst;
  const s = I.take(data.length);
  I.put(s, data);
  const rc = call(I.x, held.ptr, s, data.length);
  if (rc !== 0) {
    I.wipe(s, data.length);
    throw I.fail(rc, fn);
  }
  out.set(I.u8().subarray(s, s + data.length));
  I.wipe(s, data.length);
  return written(out, data.length);
}

/** Streaming CTR (arx_ctr_init): any split of the data gives ctrXor's bytes. */
export class Ctr extends Context {
  constructor(key, iv) {
    const fn = 'Ctr';
    const h = Key._handle(key, fn);
    ivCheck(key, iv, fn);
    const I = h.inst;
    const mem = I.heap.alloc(64); // ARX_CTR_STORAGE_BYTES
    const s = I.take(iv.length);
    I.put(s, iv);
    const rc = I.x.arx_ctr_init(I.cell, mem, 64, h.ptr, s, iv.length);
    I.wipe(s, iv.length);
    if (rc !== 0) {
      I.heap.release(mem);
      throw I.fail(rc, fn, key.cipher);
    }
    const ptr = I.word(I.cell);
    super(key, { inst: I, ptr, mem, free: (p) => I.x.arx_ctr_free(p) });
  }

  /** The next data.length bytes XOR the keystream. */
  update(data, out) {
    const held = this._ptr('Ctr.update');
    return streamData(held, 'Ctr.update', data, out, (x, p, s, n) => x.arx_ctr_update(p, s, s, n));
  }
}

/** Streaming GCM (arx_gcm_init): aad* then encryptUpdate* + encryptFinal,
 * or decryptUpdate* + decryptFinal. decryptUpdate releases plaintext before
 * the tag is checked: discard it unless decryptFinal returns. */
export class Gcm extends Context {
  constructor(key, nonce) {
    const fn = 'Gcm';
    const h = Key._handle(key, fn);
    modeCheck(h, key, 'gcm', fn);
    bytes(nonce, `${fn}: nonce`);
    const I = h.inst;
    const mem = I.heap.alloc(256); // ARX_GCM_STORAGE_BYTES
    const s = I.take(nonce.length);
    I.put(s, nonce);
    const rc = I.x.arx_gcm_init(I.cell, mem, 256, h.ptr, s, nonce.length);
    I.wipe(s, nonce.length);
    if (rc !== 0) {
      I.heap.release(mem);
      throw I.fail(rc, fn, `${key.cipher}, ${nonce.length}-byte nonce`);
    }
    const ptr = I.word(I.cell);
    super(key, { inst: I, ptr, mem, free: (p) => I.x.arx_gcm_free(p) });
  }

  /** More associated data (before any data). */
  aad(data) {
    const held = this._ptr('Gcm.aad');
    bytes(data, 'Gcm.aad: data');
    const I = held.inst;
    const s = I.take(data.length);
    I.put(s, data);
    const rc = I.x.arx_gcm_aad(held.ptr, s, data.length);
    I.wipe(s, data.length);
    if (rc !== 0) throw I.fail(rc, 'Gcm.aad');
    return this;
  }

  encryptUpdate(data, out) {
    const held = this._ptr('Gcm.encryptUpdate');
    return streamData(held, 'Gcm.encryptUpdate', data, out, (x, p, s, n) => x.arx_gcm_encrypt_update(p, s, s, n));
  }

  decryptUpdate(data, out) {
    const held = this._ptr('Gcm.decryptUpdate');
    return streamData(held, 'Gcm.decryptUpdate', data, out, (x, p, s, n) => x.arx_gcm_decrypt_update(p, s, s, n));
  }

  /** The tag (tagLength 4..16, default 16); the context is finished afterwards. */
  encryptFinal(tagLength = 16) {
    const fn = 'Gcm.encryptFinal';
    const held = this._ptr(fn);
    integer(tagLength, `${fn}: tagLength`, 1, 16);
    const I = held.inst;
    const s = I.take(16);
    const rc = I.x.arx_gcm_encrypt_final(held.ptr, s, tagLength);
    if (rc !== 0) throw I.fail(rc, fn);
    const tag = I.u8().slice(s, s + tagLength);
    I.wipe(s, 16);
    return tag;
  }

  /** Checks the tag (constant time, in the library); AuthenticationError if it fails. */
  decryptFinal(tag) {
    const fn = 'Gcm.decryptFinal';
    const held = this._ptr(fn);
    bytes(tag, `${fn}: tag`);
    const I = held.inst;
    const s = I.take(tag.length);
    I.put(s, tag);
    const rc = I.x.arx_gcm_decrypt_final(held.ptr, s, tag.length);
    I.wipe(s, tag.length);
    if (rc !== 0) throw I.fail(rc, fn);
  }
}

/** arx_ctr_init's name: a streaming CTR context. */
export function ctrInit(key, iv) {
  return new Ctr(key, iv);
}
/** arx_gcm_init's name: a streaming GCM context. */
export function gcmInit(key, nonce) {
  return new Gcm(key, nonce);
}

// ---- an API bound to one instance (instantiate) --------------------------

// ---- XTS (IEEE 1619, SP 800-38E) -------------------------------------------

function freeXts(held) {
  if (!held.ptr) return;
  held.inst.x.arx_xts_free(held.ptr); // wipes both schedules
  held.inst.heap.release(held.mem);
  held.inst.wipeStack();
  held.ptr = 0;
}

const XTS_MAX_BYTES = 16 * 2 ** 20; // 2^20 blocks per data unit

/**
 * An XTS key pair (arx_xts_init) for a 128-bit-block cipher: key = data key
 * || tweak key, twice the cipher's key; equal halves are refused (SP 800-38E).
 * dispose() wipes both schedules.
 */
export class Xts {
  #held;

  constructor(cipher, key, options = {}) {
    if (options === null || typeof options !== 'object') throw withCode(new TypeError('Xts: options must be an object'), 'ERR_INVALID_ARG_TYPE');
    const I = options.instance ? options.instance[INSTANCE] ?? options.instance : inst();
    if (!(I instanceof Instance)) throw withCode(new TypeError('Xts: options.instance is not an arxcrypt instance'), 'ERR_INVALID_ARG_TYPE');
    const c = I.cipher(cipher, 'Xts');
    if (c.info.blockBytes !== 16) throw withCode(new TypeError(`Xts: xts is not defined for ${cipher} (${c.info.blockBytes}-byte blocks)`), 'ARX_ERR_MODE_UNSUPPORTED');
    bytes(key, 'Xts: key');
    if (key.length !== 2 * c.info.keyBytes) {
      throw withCode(new RangeError(`Xts: ${cipher}-xts takes a ${2 * c.info.keyBytes}-byte key (data key then tweak key), got ${key.length} bytes`), 'ARX_ERR_KEY_LENGTH');
    }
    const backend = options.backend;
    if (backend !== undefined && typeof backend !== 'string') throw withCode(new TypeError('Xts: options.backend must be a string'), 'ERR_INVALID_ARG_TYPE');
    const size = I.x.arx_xts_storage_size(c.ptr);
    const mem = I.heap.alloc(size);
    const nameLen = backend ? ENCODER.encode(backend).length + 1 : 0;
    const s = I.take(key.length + nameLen);
    I.put(s, key);
    if (backend) {
      I.put(s + key.length, ENCODER.encode(backend));
      I.u8()[s + key.length + nameLen - 1] = 0;
    }
    const rc = I.x.arx_xts_init(I.cell, mem, size, c.ptr, s, key.length, backend ? s + key.length : 0);
    I.wipe(s, key.length + nameLen);
    if (rc !== 0) {
      I.heap.release(mem);
      I.wipeStack();
      throw I.fail(rc, 'Xts', rc === -26 ? 'the data key and the tweak key must differ' : backend ? `backend '${backend}' for ${cipher}` : cipher);
    }
    const ptr = I.word(I.cell);
    this.#held = { inst: I, ptr, mem, xts: true };
    this.cipher = cipher;
    this.keyBytes = key.length;
    this.backend = I.cstr(I.x.arx_xts_backend(ptr));
    finalizer?.register(this, this.#held, this);
    Object.freeze(this);
  }

  /** Wipe both key schedules; the object is unusable afterwards. Idempotent. */
  dispose() {
    if (!this.#held.ptr) return;
    finalizer?.unregister(this);
    freeXts(this.#held);
  }

  [disposeSymbol]() {
    this.dispose();
  }

  get disposed() {
    return this.#held.ptr === 0;
  }

  static _handle(x, fn) {
    if (!(x instanceof Xts)) throw withCode(new TypeError(`${fn}: key must be an arxcrypt Xts`), 'ERR_INVALID_ARG_TYPE');
    const h = x.#held;
    if (!h.ptr) throw new ArxError(`${fn}: the key was disposed`, 'ERR_KEY_DISPOSED');
    return h;
  }
}

function xtsLength(n, fn, what) {
  if (n < 16) throw withCode(new RangeError(`${fn}: ${what} must be at least 16 bytes (one block), got ${n}`), 'ARX_ERR_LENGTH');
  if (n > XTS_MAX_BYTES) throw withCode(new RangeError(`${fn}: ${what} must be at most 2^20 blocks (16 MiB), got ${n} bytes`), 'ARX_ERR_TOO_LONG');
}

// in place in the scratch area: [tweak][data]
function xtsUnit(fn, x, tweak, data, out, dec) {
  const h = Xts._handle(x, fn);
  bytes(tweak, `${fn}: tweak`);
  if (tweak.length !== 16) throw withCode(new RangeError(`${fn}: tweak must be 16 bytes, got ${tweak.length}`), 'ARX_ERR_IV_LENGTH');
  bytes(data, `${fn}: data`);
  xtsLength(data.length, fn, 'data');
  out = output(out, data.length, fn);
  const I = h.inst;
  const s = I.take(16 + data.length), p = s + 16;
  I.put(s, tweak);
  I.put(p, data);
  const rc = (dec ? I.x.arx_xts_decrypt : I.x.arx_xts_encrypt)(h.ptr, s, 16, p, p, data.length);
  if (rc !== 0) {
    I.wipe(s, 16 + data.length);
    throw I.fail(rc, fn, x.cipher);
  }
  out.set(I.u8().subarray(p, p + data.length));
  I.wipe(s, 16 + data.length);
  return written(out, data.length);
}

function xtsSectors(fn, x, firstSector, sectorSize, data, out, dec) {
  const h = Xts._handle(x, fn);
  let first;
  if (typeof firstSector === 'bigint') first = firstSector;
  else if (typeof firstSector === 'number' && Number.isSafeInteger(firstSector)) first = BigInt(firstSector);
  else throw withCode(new TypeError(`${fn}: firstSector must be a safe integer or a bigint`), 'ERR_INVALID_ARG_TYPE');
  if (first < 0n || first >= 2n ** 64n) throw withCode(new RangeError(`${fn}: firstSector must be 0..2^64-1, got ${first}`), 'ERR_OUT_OF_RANGE');
  integer(sectorSize, `${fn}: sectorSize`, 16, XTS_MAX_BYTES);
  bytes(data, `${fn}: data`);
  if (data.length % sectorSize) throw withCode(new RangeError(`${fn}: data (${data.length} bytes) is not a whole number of ${sectorSize}-byte sectors`), 'ARX_ERR_LENGTH');
  out = output(out, data.length, fn);
  const I = h.inst;
  const p = I.take(data.length);
  I.put(p, data);
  const rc = (dec ? I.x.arx_xts_decrypt_sectors : I.x.arx_xts_encrypt_sectors)(h.ptr, first, sectorSize, data.length / sectorSize, p, p);
  if (rc !== 0) {
    I.wipe(p, data.length);
    throw I.fail(rc, fn, x.cipher);
  }
  out.set(I.u8().subarray(p, p + data.length));
  I.wipe(p, data.length);
  return written(out, data.length);
}

/** XTS encryption of one data unit: tweak 16 bytes (the unit number, little-endian), data >= 16 bytes (ciphertext stealing). */
export function xtsEncrypt(xts, tweak, data, out) {
  return xtsUnit('xtsEncrypt', xts, tweak, data, out, false);
}
export function xtsDecrypt(xts, tweak, data, out) {
  return xtsUnit('xtsDecrypt', xts, tweak, data, out, true);
}
/** XTS over data.length / sectorSize sectors numbered firstSector, firstSector + 1, ... (dm-crypt plain64). */
export function xtsEncryptSectors(xts, firstSector, sectorSize, data, out) {
  return xtsSectors('xtsEncryptSectors', xts, firstSector, sectorSize, data, out, false);
}
export function xtsDecryptSectors(xts, firstSector, sectorSize, data, out) {
  return xtsSectors('xtsDecryptSectors', xts, firstSector, sectorSize, data, out, true);
}

/** Make an XTS key pair (the same as `new Xts(cipher, key, options)`). */
export function createXts(cipher, key, options) {
  return new Xts(cipher, key, options);
}

function makeApi(I) {
  return Object.freeze({
    [INSTANCE]: I,
    // for tests that look at what is left in memory (dispose wipes)
    [Symbol.for('arxcrypt.memory')]: I.memory,
    build: I.build,
    version: I.version,
    features: I.features,
    ciphers: () => ciphers(I),
    cipherInfo: (name) => cipherInfo(name, I),
    createKey: (cipher, key, options = {}) => new Key(cipher, key, { ...options, instance: I }),
    createXts: (cipher, key, options = {}) => new Xts(cipher, key, { ...options, instance: I }),
  });
}

/** Make a key (the same as `new Key(cipher, key, options)`). */
export function createKey(cipher, key, options) {
  return new Key(cipher, key, options);
}

export const modes = Object.freeze([...MODES]);
