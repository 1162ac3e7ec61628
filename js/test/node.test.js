// The suite (test/suite.js) in Node, on both builds: the SIMD128 module and
// the scalar one. ARX_JS_QUICK=1: fewer random cases (CI smoke size).
import { test } from 'node:test';
import { readFileSync, readdirSync } from 'node:fs';
import * as A from '../src/index.js';
import { runCase, suites } from './suite.js';
import { cliPath, nativeCases } from './native.js';

const quick = !!process.env.ARX_JS_QUICK;
const vdir = new URL('../../tests/vectors/', import.meta.url);
const vectors = Object.fromEntries(readdirSync(vdir).filter((f) => f.endsWith('.txt')).sort()
  .map((f) => [f, readFileSync(new URL(f, vdir), 'utf8')]));

const builds = [];
for (const build of ['simd', 'scalar']) {
  if (build === 'simd' && !A.simdSupported()) {
    test('simd build', { skip: 'this Node has no WebAssembly SIMD128' }, () => {});
    continue;
  }
  builds.push(await A.instantiate({ build }));
}

const diff = nativeCases(builds[0].ciphers(), quick ? { perCipher: 2, maxLen: 120 } : {});
if (!diff) test('differential against arxcrypt raw', { skip: `no native CLI at ${cliPath() ?? '../build/arxcrypt'} (cmake --build build --target arxcrypt-cli, or ARXCRYPT_CLI=...)` }, () => {});

for (const inst of builds) {
  for (const c of suites(A, inst, { vectors, diff, quick })) {
    test(c.name, () => {
      runCase(c);
    });
  }
}

// Key storage: arx_key_storage_size of every cipher in both modules within
// ARX_KEY_STORAGE_MAX of include/arxcrypt.h, the bound the C API promises
// for every build (the native tests/test_storage.c checks native builds
// only; the SIMD module's GCM keys carry its GHASH's powers of H).
test('key storage of every cipher within ARX_KEY_STORAGE_MAX, both modules', async () => {
  const header = readFileSync(new URL('../../include/arxcrypt.h', import.meta.url), 'utf8');
  const max = Number(/#define ARX_KEY_STORAGE_MAX (\d+)/.exec(header)?.[1]);
  if (!(max > 0)) throw new Error('ARX_KEY_STORAGE_MAX not found in include/arxcrypt.h');
  let checked = 0;
  for (const build of ['simd', 'scalar']) {
    if (build === 'simd' && !A.simdSupported()) continue;
    const b64 = (await import(`../src/wasm-${build}.js`)).default;
    const { instance: { exports: x } } = await WebAssembly.instantiate(Buffer.from(b64, 'base64'), {});
    for (let i = 0; i < x.arx_cipher_count(); i++) {
      const c = x.arx_cipher_at(i), need = x.arx_key_storage_size(c);
      if (!(need > 0 && need <= max)) throw new Error(`${build}: cipher ${i} needs ${need} bytes of key storage, ARX_KEY_STORAGE_MAX is ${max}`);
      checked++;
    }
  }
  if (!checked) throw new Error('no cipher checked');
});

test('init() picks SIMD where the engine has it; a sync API afterwards', async () => {
  const b = await A.init();
  if (A.simdSupported()) {
    if (b !== 'simd') throw new Error(`init() picked ${b}`);
  } else if (b !== 'scalar') throw new Error(`init() picked ${b}`);
  if (A.build() !== b) throw new Error('build()');
  const k = new A.Key('lea-128', new Uint8Array(16));
  if (k.backend !== (b === 'simd' ? 'wasm' : 'ref')) throw new Error(`default backend ${k.backend} on ${b}`);
  k.dispose();
  if ((await A.init({ build: 'scalar' })) !== 'scalar' || A.build() !== 'scalar') throw new Error('init({build:scalar})');
  await A.init({ build: b });
});
