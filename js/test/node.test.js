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
