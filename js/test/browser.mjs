// The suite (test/suite.js) in headless Chromium, both builds, with the
// same differential cases as Node (computed here by the native CLI and
// handed to the page as data). Prints one line per case and closes with
// 'N passed, N failed'. Without a Chromium (CHROMIUM_PATH, default
// /usr/bin/chromium) it says so and exits 0, unless ARX_REQUIRE_BROWSER=1.
import * as A from '../src/index.js';
import { nativeCases } from './native.js';
import { chromiumPath, launch, serve } from './serve.js';
import { readdirSync } from 'node:fs';

const quick = !!process.env.ARX_JS_QUICK;
if (!chromiumPath()) {
  const msg = `browser tests skipped: no Chromium at ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'} (apt-get install chromium)`;
  console.log(msg);
  process.exit(process.env.ARX_REQUIRE_BROWSER ? 1 : 0);
}

const scalar = await A.instantiate({ build: 'scalar' });
const diff = nativeCases(scalar.ciphers(), quick ? { perCipher: 2, maxLen: 120 } : {});
if (!diff) console.log('# differential cases skipped: no native CLI (../build/arxcrypt)');
const files = readdirSync(new URL('../../tests/vectors/', import.meta.url)).filter((f) => f.endsWith('.txt')).sort();

const { server, url } = await serve();
const browser = await launch();
let results;
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.log(`# page error: ${e.message}`));
  await page.goto(`${url}/`);
  results = await page.evaluate(async ({ files, diff, quick }) => {
    const A = await import('/js/src/index.js');
    const S = await import('/js/test/suite.js');
    const vectors = {};
    for (const f of files) vectors[f] = await (await fetch(`/tests/vectors/${f}`)).text();
    const out = [{ name: `engine: ${navigator.userAgent}; SIMD128 ${A.simdSupported()}`, info: true }];
    const builds = A.simdSupported() ? ['simd', 'scalar'] : ['scalar'];
    if (!A.simdSupported()) out.push({ name: 'simd build: this engine has no SIMD128', ok: false, error: 'Chromium should have SIMD128' });
    for (const b of builds) {
      const inst = await A.instantiate({ build: b });
      for (const c of S.suites(A, inst, { vectors, diff, quick })) {
        try {
          out.push({ name: c.name, ok: true, checks: S.runCase(c) });
        } catch (e) {
          out.push({ name: c.name, ok: false, error: String(e?.stack ?? e) });
        }
      }
    }
    try {
      const b = await A.init();
      const k = new A.Key('lea-128', new Uint8Array(16));
      const ok = b === 'simd' && k.backend === 'wasm' && typeof k[Symbol.dispose] === 'function';
      k[Symbol.dispose]();
      out.push({ name: 'init() picks the SIMD build; keys take the wasm backend; Symbol.dispose', ok, checks: 1, error: ok ? undefined : `build ${b}, backend ${k.backend}` });
    } catch (e) {
      out.push({ name: 'init() in the page', ok: false, error: String(e) });
    }
    return out;
  }, { files, diff, quick });
} finally {
  await browser.close();
  server.close();
}

let passed = 0, failed = 0;
for (const r of results) {
  if (r.info) {
    console.log(`# ${r.name}`);
    continue;
  }
  if (r.ok) {
    passed++;
    console.log(`ok - chromium ${r.name} (${r.checks} checks)`);
  } else {
    failed++;
    console.log(`not ok - chromium ${r.name}\n  ${r.error.replaceAll('\n', '\n  ')}`);
  }
}
console.log(`chromium: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
