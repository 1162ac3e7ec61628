// Packaging: `npm pack`, the tarball installed into a scratch project
// outside the repository, imported by name in Node (and in Chromium from
// that project's node_modules, when a Chromium is there). Checks what the
// tarball holds and that `exports` lists `types` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath, launch } from './serve.js';
import { createServer } from 'node:http';

const js = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// LEA-128, the first record of tests/vectors/lea.txt (KISA's lea_vs.c)
const KEY = '07ab6305b025d83f79addaa63ac8ad00', PT = 'f28ae3256aad23b415e028063b610c60', CT = '64d908fcb7ebfef90fd670106de7c7c5';

test('npm pack, install into a scratch project, import in Node and Chromium', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'arxcrypt-pack-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const out = execFileSync(npm, ['pack', '--json', '--pack-destination', dir], { cwd: js, encoding: 'utf8' });
  const info = JSON.parse(out)[0];
  const files = info.files.map((f) => f.path).sort();
  assert.deepEqual(files, ['README.md', 'package.json', 'src/index.d.ts', 'src/index.js', 'src/wasm-scalar.js', 'src/wasm-simd.js']);
  const pkg = JSON.parse(readFileSync(join(js, 'package.json'), 'utf8'));
  assert.equal(Object.keys(pkg.exports['.'])[0], 'types', 'exports: types first');
  assert.equal(pkg.type, 'module');
  assert.deepEqual(pkg.dependencies ?? {}, {}, 'zero runtime dependencies');

  const proj = join(dir, 'app');
  execFileSync('mkdir', ['-p', proj]);
  writeFileSync(join(proj, 'package.json'), JSON.stringify({ name: 'scratch-app', private: true, type: 'module' }));
  execFileSync(npm, ['install', '--no-audit', '--no-fund', '--offline', join(dir, info.filename)], { cwd: proj, stdio: 'ignore' });
  writeFileSync(join(proj, 'main.js'), `
import * as arx from 'arxcrypt';
const hex = (u) => Buffer.from(u).toString('hex');
const build = await arx.init();
const key = new arx.Key('lea-128', Buffer.from('${KEY}', 'hex'));
const ct = arx.ecbEncrypt(key, Buffer.from('${PT}', 'hex'));
const nonce = new Uint8Array(12), msg = new TextEncoder().encode('hello');
const sealed = arx.gcmEncrypt(key, nonce, msg);
let auth = false;
try { sealed[0] ^= 1; arx.gcmDecrypt(key, nonce, sealed); } catch (e) { auth = e instanceof arx.AuthenticationError; }
key.dispose();
const scalar = await arx.instantiate({ build: 'scalar' });
const k2 = scalar.createKey('lea-128', Buffer.from('${KEY}', 'hex'));
console.log(JSON.stringify({ build, backend: key.backend, ct: hex(ct), scalar: hex(arx.ecbEncrypt(k2, Buffer.from('${PT}', 'hex'))), auth }));
`);
  const res = JSON.parse(execFileSync(process.execPath, ['main.js'], { cwd: proj, encoding: 'utf8' }));
  assert.deepEqual(res, { build: 'simd', backend: 'wasm', ct: CT, scalar: CT, auth: true });

  if (!chromiumPath()) {
    t.diagnostic('Chromium part skipped: no Chromium');
    return;
  }
  // the installed package, served from the scratch project, imported by URL
  const root = join(proj, 'node_modules', 'arxcrypt');
  const server = createServer((req, res) => {
    const p = new URL(req.url, 'http://x').pathname;
    if (p === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html>');
    let body;
    try {
      body = readFileSync(join(root, p.replace(/\.\./g, '')));
    } catch {
      return res.writeHead(404).end();
    }
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    const r = await page.evaluate(async ({ KEY, PT }) => {
      const arx = await import('/src/index.js');
      const un = (s) => Uint8Array.from(s.match(/../g), (h) => parseInt(h, 16));
      const build = await arx.init();
      const key = new arx.Key('lea-128', un(KEY));
      const ct = Array.from(arx.ecbEncrypt(key, un(PT)), (b) => b.toString(16).padStart(2, '0')).join('');
      return { build, backend: key.backend, ct };
    }, { KEY, PT });
    assert.deepEqual(r, { build: 'simd', backend: 'wasm', ct: CT });
  } finally {
    await browser.close();
    server.close();
  }
});
