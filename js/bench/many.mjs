// gcmEncryptMany against gcmEncrypt, and ctrXorMany against ctrXor, one
// message at a time: 64 messages of 16, 64 and 256 bytes under 16 LEA-128
// keys, both builds, in Node. The two are timed alternately (21 rounds of
// 200 calls) and the medians reported, so their ratio shares the machine's
// load. usage: node bench/many.mjs
import * as A from '../src/index.js';
import { cpus, loadavg } from 'node:os';

const N = 64;
const rnd = (n) => crypto.getRandomValues(new Uint8Array(n));
const med = (a) => a.sort((x, y) => x - y)[a.length >> 1];
const time = (f) => {
  const t = process.hrtime.bigint();
  for (let r = 0; r < 200; r++) f();
  return Number(process.hrtime.bigint() - t) / 200 / 1000; // us per call
};
console.log(`# ${cpus()[0]?.model}, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}, node ${process.version}`);
console.log('build   mode size  many_us  one_us  one/many');
for (const build of A.simdSupported() ? ['simd', 'scalar'] : ['scalar']) {
  const I = await A.instantiate({ build });
  for (const mode of ['gcm', 'ctr']) for (const size of [16, 64, 256]) {
    const keys = Array.from({ length: 16 }, () => I.createKey('lea-128', rnd(16)));
    const jobs = Array.from({ length: N }, (_, i) => ({ key: keys[i % 16], nonce: rnd(12), iv: rnd(16), data: rnd(size) }));
    const many = mode === 'gcm' ? () => A.gcmEncryptMany(jobs) : () => A.ctrXorMany(jobs);
    const one = mode === 'gcm' ? () => jobs.map((j) => A.gcmEncrypt(j.key, j.nonce, j.data)) : () => jobs.map((j) => A.ctrXor(j.key, j.iv, j.data));
    const tm = [], to = [];
    for (let k = 0; k < 21; k++) {
      tm.push(time(many));
      to.push(time(one));
    }
    const m = med(tm), o = med(to);
    console.log(`${build.padEnd(7)} ${mode}  ${String(size).padStart(4)} ${m.toFixed(1).padStart(8)} ${o.toFixed(1).padStart(7)} ${(o / m).toFixed(2).padStart(8)}x`);
    for (const k of keys) k.dispose();
  }
}
