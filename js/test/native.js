// Differential cases computed by the native CLI (`arxcrypt raw`, built from
// the same C sources for this machine: an independent compilation and, on
// x86, independent SIMD kernels). Node only; the browser runner receives the
// cases as data. ARXCRYPT_CLI names the binary; default ../build/arxcrypt.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hex, rng } from './suite.js';

export function cliPath() {
  const p = process.env.ARXCRYPT_CLI ?? fileURLToPath(new URL('../../build/arxcrypt', import.meta.url));
  return existsSync(p) ? p : null;
}

function raw(cli, args, input) {
  const r = spawnSync(cli, ['raw', ...args], { input, maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`arxcrypt raw ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return new Uint8Array(r.stdout);
}

/** Random cases over every cipher and every mode it has, both directions. */
export function nativeCases(ciphers, { seed = 20260518, perCipher = 6, maxLen = 300 } = {}) {
  const cli = cliPath();
  if (!cli) return null;
  const R = rng(seed);
  const cases = [];
  for (const info of ciphers) {
    const B = info.blockBytes;
    for (let t = 0; t < perCipher; t++) {
      for (const mode of info.modes) {
        const key = R.bytes(info.keyBytes);
        let len = R.int(maxLen);
        if (t === 0) len = 0;
        if (t === 1) len = 64 * B + R.int(B); // past every batch width
        const blockLen = len - (len % B);
        const base = { cipher: info.name, mode, key: hex(key) };
        const args = ['-c', info.name, '-m', mode, '-k', hex(key)];
        const push = (c, a, input) => cases.push({ ...base, ...c, input: hex(input), output: hex(raw(cli, [...args, ...a], input)) });
        if (mode === 'ecb') {
          const d = R.bytes(blockLen);
          push({}, [], d);
          push({ decrypt: true }, ['-d'], d);
        } else if (mode === 'cbc') {
          const iv = R.bytes(B);
          const d = R.bytes(blockLen);
          push({ iv: hex(iv) }, ['--iv', hex(iv)], d);
          push({ iv: hex(iv), decrypt: true }, ['--iv', hex(iv), '-d'], d);
          const p = R.bytes(len);
          push({ iv: hex(iv), pad: true }, ['--iv', hex(iv), '--pad'], p);
          const sealed = raw(cli, [...args, '--iv', hex(iv), '--pad'], p);
          push({ iv: hex(iv), pad: true, decrypt: true }, ['--iv', hex(iv), '--pad', '-d'], sealed);
        } else if (mode === 'cfb' || mode === 'ofb' || mode === 'ctr') {
          const iv = R.bytes(B);
          if (mode === 'ctr' && t % 2) iv.fill(0xff, B - 3); // the counter wraps inside the message
          const d = R.bytes(len);
          push({ iv: hex(iv) }, ['--iv', hex(iv)], d);
          if (mode === 'cfb') push({ iv: hex(iv), decrypt: true }, ['--iv', hex(iv), '-d'], d);
        } else if (mode === 'gcm' || mode === 'ccm') {
          const nonce = R.bytes(mode === 'gcm' ? (t % 3 === 2 ? 1 + R.int(40) : 12) : 7 + R.int(7));
          const aad = R.bytes(R.int(40));
          const tagLength = mode === 'gcm' ? 4 + R.int(13) : 4 + 2 * R.int(7);
          if (mode === 'ccm' && nonce.length === 7 && len > 60000) len = 100;
          const d = R.bytes(len);
          const a = ['--iv', hex(nonce), '--aad', hex(aad), '--tag-len', String(tagLength)];
          const c = { iv: hex(nonce), aad: hex(aad), tagLength };
          push(c, a, d);
          push({ ...c, decrypt: true }, [...a, '-d'], raw(cli, [...args, ...a], d));
        } else if (mode === 'xts') {
          const xkey = R.bytes(2 * info.keyBytes);
          xkey[info.keyBytes] ^= 0x80; // halves differ
          const tw = R.bytes(16), d = R.bytes(16 + len);
          const xa = ['-c', info.name, '-m', 'xts', '-k', hex(xkey), '--iv', hex(tw)];
          const c = { key: hex(xkey), iv: hex(tw) };
          cases.push({ ...base, ...c, input: hex(d), output: hex(raw(cli, xa, d)) });
          cases.push({ ...base, ...c, decrypt: true, input: hex(d), output: hex(raw(cli, [...xa, '-d'], d)) });
        } else if (mode === 'cmac') {
          const tagLength = 4 + R.int(B - 3);
          push({ tagLength }, ['--tag-len', String(tagLength)], R.bytes(len));
        }
      }
    }
  }
  return cases;
}
