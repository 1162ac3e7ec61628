// gcmEncryptMany against gcmEncrypt, ctrXorMany against ctrXor and
// cmacMany against cmac, one message at a time: 64 messages of 16, 64 and
// 256 bytes under 16 keys of each cipher named (default lea-128; GCM where
// the cipher has it, CMAC only for ciphers without GCM), both builds, in
// Node. After a warm-up (300 ms of each, so V8's
// optimised code is in), the two are timed alternately in 41 rounds, each
// a sample of calls lasting ~2 ms (longer samples are nearly always
// preempted on a loaded machine: js/bench/core.js); the medians and the
// best samples are reported, so their ratios share the machine's load.
// usage: node bench/many.mjs [cipher ...]   (npm run bench:many -- hight ...)
import * as A from '../src/index.js';
import { cpus, loadavg } from 'node:os';

const N = 64, ROUNDS = 41;
const names = process.argv.slice(2).length ? process.argv.slice(2) : ['lea-128'];
const rnd = (n) => crypto.getRandomValues(new Uint8Array(n));
const med = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
const best = (a) => Math.min(...a);
const now = () => Number(process.hrtime.bigint()) / 1000; // us
const time = (f, calls) => {
  const t = now();
  for (let r = 0; r < calls; r++) f();
  return (now() - t) / calls; // us per call
};
const warm = (f) => {
  let calls = 0;
  const t = now();
  while (now() - t < 300000) f(), calls++;
  return 300000 / calls;
};
console.log(`# ${cpus()[0]?.model}, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}, node ${process.version}`);
console.log('us per batch of 64        median                       best');
console.log('cipher        build   mode size   many_us   one_us one/many   many_us   one_us one/many');
for (const cipher of names) for (const build of A.simdSupported() ? ['simd', 'scalar'] : ['scalar']) {
  const I = await A.instantiate({ build });
  const info = I.cipherInfo(cipher);
  const modes = info.modes.includes('gcm') ? ['gcm', 'ctr'] : info.modes.includes('cmac') ? ['ctr', 'cmac'] : ['ctr'];
  for (const mode of modes) for (const size of [16, 64, 256]) {
    const keys = Array.from({ length: 16 }, () => I.createKey(cipher, rnd(info.keyBytes)));
    const jobs = Array.from({ length: N }, (_, i) => ({ key: keys[i % 16], nonce: rnd(12), iv: rnd(info.blockBytes), data: rnd(size), msg: rnd(size) }));
    const many = mode === 'gcm' ? () => A.gcmEncryptMany(jobs) : mode === 'ctr' ? () => A.ctrXorMany(jobs) : () => A.cmacMany(jobs);
    const one = mode === 'gcm' ? () => jobs.map((j) => A.gcmEncrypt(j.key, j.nonce, j.data))
      : mode === 'ctr' ? () => jobs.map((j) => A.ctrXor(j.key, j.iv, j.data)) : () => jobs.map((j) => A.cmac(j.key, j.msg));
    const cm = Math.max(1, Math.round(2000 / warm(many))), co = Math.max(1, Math.round(2000 / warm(one)));
    const tm = [], to = [];
    for (let k = 0; k < ROUNDS; k++) {
      tm.push(time(many, cm));
      to.push(time(one, co));
    }
    const row = (m, o) => `${m.toFixed(1).padStart(9)} ${o.toFixed(1).padStart(8)} ${(o / m).toFixed(2).padStart(7)}x`;
    console.log(`${cipher.padEnd(13)} ${build.padEnd(7)} ${mode.padEnd(4)} ${String(size).padStart(4)} ${row(med(tm), med(to))} ${row(best(tm), best(to))}`);
    for (const k of keys) k.dispose();
  }
}
