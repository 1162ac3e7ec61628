// Type declarations for arxcrypt (src/index.js). Every function is
// synchronous once init() has resolved. Bytes in and out are Uint8Array;
// `out`, where a function takes one, receives the result (it must be at
// least as long; the written part is returned).

export type Build = 'simd' | 'scalar';
export type Mode = 'ecb' | 'cbc' | 'cfb' | 'ofb' | 'ctr' | 'gcm' | 'ccm' | 'cmac' | 'xts';

export type CipherName =
  | 'lea-128' | 'lea-192' | 'lea-256'
  | 'cham-64-128' | 'cham-128-128' | 'cham-128-256'
  | 'cham-64-128-legacy' | 'cham-128-128-legacy' | 'cham-128-256-legacy'
  | 'hight'
  | 'speck-32-64' | 'speck-48-72' | 'speck-48-96' | 'speck-64-96' | 'speck-64-128'
  | 'speck-96-96' | 'speck-96-144' | 'speck-128-128' | 'speck-128-192' | 'speck-128-256'
  | 'simon-32-64' | 'simon-48-72' | 'simon-48-96' | 'simon-64-96' | 'simon-64-128'
  | 'simon-96-96' | 'simon-96-144' | 'simon-128-128' | 'simon-128-192' | 'simon-128-256'
  | 'simeck-32-64' | 'simeck-48-96' | 'simeck-64-128'
  | 'sparx-64-128' | 'sparx-128-128' | 'sparx-128-256';

export interface CipherInfo {
  readonly name: CipherName;
  readonly blockBytes: number;
  readonly keyBytes: number;
  /** Backends this build runs: 'ref', and 'twoway' or 'wasm' where the cipher has one. */
  readonly backends: readonly string[];
  readonly modes: readonly Mode[];
}

export interface InitOptions {
  /** 'auto' (default): SIMD128 where WebAssembly.validate accepts it, else scalar. */
  build?: Build | 'auto';
}

export interface KeyOptions {
  /** Force a backend by name ('ref', 'twoway', 'wasm'); default: the fastest. */
  backend?: string;
  /** An instance from instantiate(); default: the one init() loaded. */
  instance?: Instance;
}

export interface AeadOptions {
  /** Associated data, authenticated, not encrypted. */
  aad?: Uint8Array;
  /** GCM 4..16, CCM 4, 6, ..., 16; default 16. */
  tagLength?: number;
}

/** A failure that is not an argument error (call order, padding, tag). `code` is the C library's ARX_ERR_* name. */
export class ArxError extends Error {
  readonly code: string;
}
/** A tag did not verify; no plaintext was released. */
export class AuthenticationError extends ArxError {}
/** CBC with PKCS#7: the padding was invalid; nothing was released. */
export class PaddingError extends ArxError {}

/** Load the module (once). Resolves to the build it loaded. */
export function init(options?: InitOptions): Promise<Build>;
/** A separate instance of one build (for running both side by side). */
export function instantiate(options?: InitOptions): Promise<Instance>;
/** True where this engine validates WebAssembly SIMD128. */
export function simdSupported(): boolean;
export function build(): Build;
export function version(): string;
export function ciphers(): CipherInfo[];
export function cipherInfo(name: CipherName): CipherInfo;
export const modes: readonly Mode[];

export interface Instance {
  readonly build: Build;
  readonly version: string;
  /** 'simd128' or '(none)'. */
  readonly features: string;
  ciphers(): CipherInfo[];
  cipherInfo(name: CipherName): CipherInfo;
  createKey(cipher: CipherName, key: Uint8Array, options?: Omit<KeyOptions, 'instance'>): Key;
  createXts(cipher: CipherName, key: Uint8Array, options?: Omit<KeyOptions, 'instance'>): Xts;
}

/** An expanded key in WebAssembly memory; dispose() wipes it. */
export class Key {
  constructor(cipher: CipherName, key: Uint8Array, options?: KeyOptions);
  readonly cipher: CipherName;
  readonly backend: string;
  readonly blockBytes: number;
  readonly keyBytes: number;
  readonly disposed: boolean;
  dispose(): void;
  [Symbol.dispose](): void;
}
export function createKey(cipher: CipherName, key: Uint8Array, options?: KeyOptions): Key;

export function ecbEncrypt(key: Key, data: Uint8Array, out?: Uint8Array): Uint8Array;
export function ecbDecrypt(key: Key, data: Uint8Array, out?: Uint8Array): Uint8Array;
export function cbcEncrypt(key: Key, iv: Uint8Array, data: Uint8Array, out?: Uint8Array): Uint8Array;
export function cbcDecrypt(key: Key, iv: Uint8Array, data: Uint8Array, out?: Uint8Array): Uint8Array;
export function cbcEncryptPad(key: Key, iv: Uint8Array, data: Uint8Array, out?: Uint8Array): Uint8Array;
/** Throws PaddingError on invalid padding. */
export function cbcDecryptPad(key: Key, iv: Uint8Array, data: Uint8Array, out?: Uint8Array): Uint8Array;
export function cfbEncrypt(key: Key, iv: Uint8Array, data: Uint8Array, out?: Uint8Array): Uint8Array;
export function cfbDecrypt(key: Key, iv: Uint8Array, data: Uint8Array, out?: Uint8Array): Uint8Array;
export function ofbXor(key: Key, iv: Uint8Array, data: Uint8Array, out?: Uint8Array): Uint8Array;
/** iv: the initial counter block, one big-endian counter over the whole block. */
export function ctrXor(key: Key, iv: Uint8Array, data: Uint8Array, out?: Uint8Array): Uint8Array;

/** Returns ciphertext || tag. */
export function gcmEncrypt(key: Key, nonce: Uint8Array, data: Uint8Array, options?: AeadOptions, out?: Uint8Array): Uint8Array;
/** data is ciphertext || tag; throws AuthenticationError (nothing released) if the tag fails. */
export function gcmDecrypt(key: Key, nonce: Uint8Array, data: Uint8Array, options?: AeadOptions, out?: Uint8Array): Uint8Array;
export function ccmEncrypt(key: Key, nonce: Uint8Array, data: Uint8Array, options?: AeadOptions, out?: Uint8Array): Uint8Array;
export function ccmDecrypt(key: Key, nonce: Uint8Array, data: Uint8Array, options?: AeadOptions, out?: Uint8Array): Uint8Array;

export function cmac(key: Key, msg: Uint8Array, tagLength?: number): Uint8Array;
export function cmacVerify(key: Key, msg: Uint8Array, tag: Uint8Array): boolean;

/**
 * Many messages in one call (the C library's arx_*_many): every job's key of
 * one cipher (else TypeError, code ARX_ERR_CIPHER_MIX) and one instance. A
 * bad job throws TypeError/RangeError naming jobs[i] before anything is
 * computed; results are in the jobs' order and equal the one-message calls'.
 * The Uint8Arrays a call returns are views of one ArrayBuffer (one copy out
 * of the module per call; where a forged message's plaintext would lie in
 * it, zeros): copy one (slice()) to keep it apart from the rest.
 */
export interface AeadJob {
  key: Key;
  nonce: Uint8Array;
  /** Encrypt: the plaintext. Decrypt: ciphertext || tag. */
  data: Uint8Array;
  aad?: Uint8Array;
  tagLength?: number;
}
export interface CtrJob { key: Key; iv: Uint8Array; data: Uint8Array; }
export interface CmacJob { key: Key; msg: Uint8Array; tagLength?: number; }
export interface CmacVerifyJob { key: Key; msg: Uint8Array; tag: Uint8Array; }
/** One opened message: ok false (and data null, nothing released) where its tag failed. */
export interface OpenedMessage { ok: boolean; data: Uint8Array | null; }
/** One ciphertext || tag per job. */
export function gcmEncryptMany(jobs: readonly AeadJob[]): Uint8Array[];
export function gcmDecryptMany(jobs: readonly AeadJob[]): OpenedMessage[];
export function ccmEncryptMany(jobs: readonly AeadJob[]): Uint8Array[];
export function ccmDecryptMany(jobs: readonly AeadJob[]): OpenedMessage[];
export function ctrXorMany(jobs: readonly CtrJob[]): Uint8Array[];
export function cmacMany(jobs: readonly CmacJob[]): Uint8Array[];
export function cmacVerifyMany(jobs: readonly CmacVerifyJob[]): boolean[];

/** Streaming CTR: any split gives ctrXor's bytes. */
export class Ctr {
  constructor(key: Key, iv: Uint8Array);
  update(data: Uint8Array, out?: Uint8Array): Uint8Array;
  readonly disposed: boolean;
  dispose(): void;
  [Symbol.dispose](): void;
}
/** Streaming GCM. decryptUpdate releases plaintext before the tag is checked: discard it unless decryptFinal returns. */
export class Gcm {
  constructor(key: Key, nonce: Uint8Array);
  aad(data: Uint8Array): this;
  encryptUpdate(data: Uint8Array, out?: Uint8Array): Uint8Array;
  decryptUpdate(data: Uint8Array, out?: Uint8Array): Uint8Array;
  encryptFinal(tagLength?: number): Uint8Array;
  /** Throws AuthenticationError if the tag fails. */
  decryptFinal(tag: Uint8Array): void;
  readonly disposed: boolean;
  dispose(): void;
  [Symbol.dispose](): void;
}
export function ctrInit(key: Key, iv: Uint8Array): Ctr;
export function gcmInit(key: Key, nonce: Uint8Array): Gcm;

/**
 * XTS (IEEE 1619, SP 800-38E) key pair for a 128-bit-block cipher: key = data
 * key || tweak key (twice the cipher's key; equal halves: RangeError
 * ARX_ERR_XTS_KEY). dispose() wipes both schedules.
 */
export class Xts {
  constructor(cipher: CipherName, key: Uint8Array, options?: KeyOptions);
  readonly cipher: CipherName;
  /** Twice the cipher's key size. */
  readonly keyBytes: number;
  readonly backend: string;
  readonly disposed: boolean;
  dispose(): void;
}
/** Make an XTS key pair (the same as `new Xts(cipher, key, options)`). */
export function createXts(cipher: CipherName, key: Uint8Array, options?: KeyOptions): Xts;
/** One data unit: tweak 16 bytes (unit number little-endian), data 16 bytes .. 16 MiB (ciphertext stealing). */
export function xtsEncrypt(xts: Xts, tweak: Uint8Array, data: Uint8Array, out?: Uint8Array): Uint8Array;
export function xtsDecrypt(xts: Xts, tweak: Uint8Array, data: Uint8Array, out?: Uint8Array): Uint8Array;
/** data.length / sectorSize sectors numbered firstSector, firstSector + 1, ... (dm-crypt plain64 tweaks). */
export function xtsEncryptSectors(xts: Xts, firstSector: number | bigint, sectorSize: number, data: Uint8Array, out?: Uint8Array): Uint8Array;
export function xtsDecryptSectors(xts: Xts, firstSector: number | bigint, sectorSize: number, data: Uint8Array, out?: Uint8Array): Uint8Array;
