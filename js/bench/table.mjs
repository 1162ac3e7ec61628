// Markdown tables from `npm run bench` JSON rows (stdin): one row per cipher
// and mode, MB/s at 64 B, 1 KiB, 1 MiB for the SIMD and scalar builds and
// SIMD/scalar at 1 MiB, then the baselines. usage: node bench/table.mjs < rows.jsonl
import { readFileSync } from 'node:fs';

const rows = readFileSync(0, 'utf8').split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
const runtimes = [...new Set(rows.map((r) => r.runtime))];
const get = (rt, build, cipher, mode, size) => rows.find((r) => r.runtime === rt && r.build === build && r.cipher === cipher && r.mode === mode && r.size === size);
const fmt = (r) => (r && r['MB/s'] != null ? (r['MB/s'] >= 100 ? Math.round(r['MB/s']) : r['MB/s'].toFixed(1)) : '-');
const us = (r) => (r ? r['us/call'].toFixed(r['us/call'] < 10 ? 2 : 0) : '-');
for (const rt of runtimes) {
  console.log(`\n**${rt}** (MB/s; µs per call in parentheses at 64 B)\n`);
  console.log('| cipher | mode | SIMD 64 B | SIMD 1 KiB | SIMD 1 MiB | scalar 64 B | scalar 1 KiB | scalar 1 MiB | SIMD / scalar, 1 MiB |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const keys = [...new Set(rows.filter((r) => r.runtime === rt && r.build === 'simd').map((r) => `${r.cipher}|${r.mode}`))];
  for (const k of keys) {
    const [c, m] = k.split('|');
    const s = [64, 1024, 1 << 20].map((z) => get(rt, 'simd', c, m, z));
    const q = [64, 1024, 1 << 20].map((z) => get(rt, 'scalar', c, m, z));
    const ratio = s[2] && q[2] ? (s[2]['MB/s'] / q[2]['MB/s']).toFixed(1) : '-';
    const be = s[0]?.backend === 'wasm' ? '' : ` (${s[0]?.backend})`;
    console.log(`| ${c}${be} | ${m} | ${fmt(s[0])} (${us(s[0])}) | ${fmt(s[1])} | ${fmt(s[2])} | ${fmt(q[0])} (${us(q[0])}) | ${fmt(q[1])} | ${fmt(q[2])} | ${ratio} |`);
  }
  for (const b of ['webcrypto', '@noble/ciphers']) {
    for (const m of ['gcm', 'ctr']) {
      const r = [64, 1024, 1 << 20].map((z) => get(rt, b, 'aes-128', m, z));
      if (!r[0]) continue;
      console.log(`| AES-128 (${b}) | ${m} | ${fmt(r[0])} (${us(r[0])}) | ${fmt(r[1])} | ${fmt(r[2])} | | | | |`);
    }
  }
}
