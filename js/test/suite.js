// The test suite, runtime-neutral: Node (test/*.test.js under node --test)
// and headless Chromium (test/browser.mjs) run the same cases. Each case is
// { name, fn }; fn throws on failure and returns how many checks it made
// (a case that checked nothing fails: a test that cannot fail is a defect).
//
// Inputs the runtime hands in: A, the package's module namespace; inst, an
// instance of one build (A.instantiate); vectors, the text of every file of
// tests/vectors keyed by name; diff, differential cases whose expected
// outputs the native CLI (`arxcrypt raw`) computed (test/native.js).

export const hex = (u) => Array.from(u, (b) => b.toString(16).padStart(2, '0')).join('');
export const unhex = (s) => {
  if (s.length % 2) throw new Error(`odd hex length: ${s}`);
  const u = new Uint8Array(s.length / 2);
  for (let i = 0; i < u.length; i++) u[i] = parseInt(s.slice(2 * i, 2 * i + 2), 16);
  return u;
};

export function assertBytes(got, want, what) {
  if (!(got instanceof Uint8Array)) throw new Error(`${what}: not a Uint8Array (${typeof got})`);
  if (got.length !== want.length || hex(got) !== hex(want)) {
    throw new Error(`${what}: got ${hex(got).slice(0, 96)} (${got.length} B), want ${hex(want).slice(0, 96)} (${want.length} B)`);
  }
}

export function assert(cond, what) {
  if (!cond) throw new Error(what);
}

export function assertThrows(f, Cls, re, what) {
  try {
    f();
  } catch (e) {
    if (!(e instanceof Cls)) throw new Error(`${what}: threw ${e?.name} (${e?.message}), want ${Cls.name}`);
    if (re && !re.test(e.message)) throw new Error(`${what}: message '${e.message}' does not match ${re}`);
    return e;
  }
  throw new Error(`${what}: did not throw (want ${Cls.name})`);
}

/** Records of a tests/vectors file (format: tests/vectors/README.md). */
export function parseVectors(text) {
  const records = [];
  let cur = null;
  for (const raw of text.split('\n')) {
    const line = raw.split('#')[0].trim();
    if (!line) {
      if (cur) records.push(cur);
      cur = null;
      continue;
    }
    const eq = line.indexOf('=');
    if (eq < 0) throw new Error(`vector line without '=': ${raw}`);
    cur ??= {};
    cur[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  if (cur) records.push(cur);
  return records;
}

// A small deterministic generator (xorshift128+), so a failing case can be rerun.
export function rng(seed) {
  let s0 = BigInt(seed) | 1n, s1 = 0x9e3779b97f4a7c15n ^ BigInt(seed);
  const M = (1n << 64n) - 1n;
  const next = () => {
    let x = s0;
    const y = s1;
    s0 = y;
    x = (x ^ (x << 23n)) & M;
    s1 = x ^ y ^ (x >> 17n) ^ (y >> 26n);
    return (s1 + y) & M;
  };
  return {
    int: (n) => Number(next() % BigInt(n)),
    bytes: (n) => {
      const u = new Uint8Array(n);
      for (let i = 0; i < n; i++) u[i] = Number(next() & 0xffn);
      return u;
    },
  };
}

// ---- known answers --------------------------------------------------------

function vectorCase(A, inst, file, records, backend) {
  return () => {
    let checks = 0;
    for (const r of records) {
      const info = inst.cipherInfo(r.cipher);
      if (!info.backends.includes(backend)) continue;
      if (r.mode === 'xts') {
        const x = inst.createXts(r.cipher, unhex(r.key), { backend });
        try {
          const what = `${file} ${r.cipher} xts ${r.pt.length / 2} B (${backend})`;
          assert(x.backend === backend, `${what}: backend ${x.backend}`);
          const pt = unhex(r.pt), ct = unhex(r.ct), iv = unhex(r.iv);
          assertBytes(A.xtsEncrypt(x, iv, pt), ct, `${what} encrypt`);
          assertBytes(A.xtsDecrypt(x, iv, ct), pt, `${what} decrypt`);
          checks++;
        } finally {
          x.dispose();
        }
        continue;
      }
      const key = inst.createKey(r.cipher, unhex(r.key), { backend });
      try {
        assert(key.backend === backend, `${r.cipher}: asked for backend ${backend}, got ${key.backend}`);
        const pt = unhex(r.pt ?? ''), ct = unhex(r.ct ?? ''), iv = unhex(r.iv ?? ''), aad = unhex(r.aad ?? '');
        const tag = unhex(r.tag ?? '');
        const what = `${file} ${r.cipher} ${r.mode} key ${r.key.slice(0, 16)}.. (${backend})`;
        switch (r.mode) {
          case 'ecb':
            assertBytes(A.ecbEncrypt(key, pt), ct, `${what} encrypt`);
            assertBytes(A.ecbDecrypt(key, ct), pt, `${what} decrypt`);
            break;
          case 'cbc':
            assertBytes(A.cbcEncrypt(key, iv, pt), ct, `${what} encrypt`);
            assertBytes(A.cbcDecrypt(key, iv, ct), pt, `${what} decrypt`);
            break;
          case 'cfb':
            assertBytes(A.cfbEncrypt(key, iv, pt), ct, `${what} encrypt`);
            assertBytes(A.cfbDecrypt(key, iv, ct), pt, `${what} decrypt`);
            break;
          case 'ofb':
            assertBytes(A.ofbXor(key, iv, pt), ct, `${what} encrypt`);
            assertBytes(A.ofbXor(key, iv, ct), pt, `${what} decrypt`);
            break;
          case 'ctr':
            assertBytes(A.ctrXor(key, iv, pt), ct, `${what}`);
            break;
          case 'gcm':
          case 'ccm': {
            const enc = r.mode === 'gcm' ? A.gcmEncrypt : A.ccmEncrypt;
            const dec = r.mode === 'gcm' ? A.gcmDecrypt : A.ccmDecrypt;
            const sealed = new Uint8Array([...ct, ...tag]);
            const o = { aad, tagLength: tag.length };
            assertBytes(enc(key, iv, pt, o), sealed, `${what} encrypt`);
            assertBytes(dec(key, iv, sealed, o), pt, `${what} decrypt`);
            const bad = sealed.slice();
            bad[bad.length - 1] ^= 1;
            assertThrows(() => dec(key, iv, bad, o), A.AuthenticationError, null, `${what} forged tag`);
            if (r.mode === 'gcm') {
              const g = A.gcmInit(key, iv);
              g.aad(aad);
              const c = g.encryptUpdate(pt);
              assertBytes(new Uint8Array([...c, ...g.encryptFinal(tag.length)]), sealed, `${what} streaming`);
              g.dispose();
            }
            break;
          }
          case 'cmac':
            assertBytes(A.cmac(key, pt, tag.length), tag, `${what}`);
            assert(A.cmacVerify(key, pt, tag), `${what}: cmacVerify rejected the right tag`);
            break;
          default:
            throw new Error(`${file}: unknown mode ${r.mode}`);
        }
        checks++;
      } finally {
        key.dispose();
      }
    }
    return checks;
  };
}

// ---- differential: the native CLI's outputs --------------------------------

function runDiff(A, inst, c) {
  if (c.mode === 'xts') {
    const x = inst.createXts(c.cipher, unhex(c.key));
    try {
      return (c.decrypt ? A.xtsDecrypt : A.xtsEncrypt)(x, unhex(c.iv), unhex(c.input));
    } finally {
      x.dispose();
    }
  }
  const key = inst.createKey(c.cipher, unhex(c.key), c.backend ? { backend: c.backend } : {});
  try {
    const iv = unhex(c.iv ?? ''), data = unhex(c.input), aad = unhex(c.aad ?? '');
    const o = { aad, tagLength: c.tagLength };
    switch (`${c.mode}${c.pad ? '-pad' : ''}/${c.decrypt ? 'd' : 'e'}`) {
      case 'ecb/e': return A.ecbEncrypt(key, data);
      case 'ecb/d': return A.ecbDecrypt(key, data);
      case 'cbc/e': return A.cbcEncrypt(key, iv, data);
      case 'cbc/d': return A.cbcDecrypt(key, iv, data);
      case 'cbc-pad/e': return A.cbcEncryptPad(key, iv, data);
      case 'cbc-pad/d': return A.cbcDecryptPad(key, iv, data);
      case 'cfb/e': return A.cfbEncrypt(key, iv, data);
      case 'cfb/d': return A.cfbDecrypt(key, iv, data);
      case 'ofb/e': return A.ofbXor(key, iv, data);
      case 'ctr/e': return A.ctrXor(key, iv, data);
      case 'gcm/e': return A.gcmEncrypt(key, iv, data, o);
      case 'gcm/d': return A.gcmDecrypt(key, iv, data, o);
      case 'ccm/e': return A.ccmEncrypt(key, iv, data, o);
      case 'ccm/d': return A.ccmDecrypt(key, iv, data, o);
      case 'cmac/e': return A.cmac(key, data, c.tagLength);
      default: throw new Error(`differential case of unknown shape: ${c.mode}`);
    }
  } finally {
    key.dispose();
  }
}

function diffCase(A, inst, cases) {
  return () => {
    let checks = 0;
    for (const c of cases) {
      const what = `${c.cipher} ${c.mode}${c.pad ? ' pad' : ''}${c.decrypt ? ' decrypt' : ''} ${c.input.length / 2} B`;
      assertBytes(runDiff(A, inst, c), unhex(c.output), `native vs wasm: ${what}`);
      checks++;
    }
    return checks;
  };
}

// The native cases again, as batches: each cipher's CTR, GCM, CCM and CMAC
// cases through the many calls on every backend (all keys on one backend, so
// the SIMD module's lane kernels run where the cipher has them), each job
// against the native library's output.
function diffManyCase(A, inst, cases) {
  return () => {
    let checks = 0;
    const byCipher = new Map();
    for (const c of cases) {
      if (!['ctr', 'gcm', 'ccm', 'cmac'].includes(c.mode)) continue;
      const k = `${c.cipher} ${c.mode}${c.decrypt ? ' decrypt' : ''}`;
      if (!byCipher.has(k)) byCipher.set(k, []);
      byCipher.get(k).push(c);
    }
    for (const [what, cs] of byCipher) {
      const c0 = cs[0];
      for (const backend of inst.cipherInfo(c0.cipher).backends) {
        const keys = cs.map((c) => inst.createKey(c.cipher, unhex(c.key), { backend }));
        try {
          const jobs = cs.map((c, i) => ({ key: keys[i], iv: unhex(c.iv ?? ''), nonce: unhex(c.iv ?? ''), data: unhex(c.input), msg: unhex(c.input), aad: unhex(c.aad ?? ''), tagLength: c.tagLength }));
          const aead = c0.mode === 'gcm' ? [A.gcmEncryptMany, A.gcmDecryptMany] : [A.ccmEncryptMany, A.ccmDecryptMany];
          const got = c0.mode === 'ctr' ? A.ctrXorMany(jobs)
            : c0.mode === 'cmac' ? A.cmacMany(jobs)
            : c0.decrypt ? aead[1](jobs).map((r) => (r.ok ? r.data : null))
            : aead[0](jobs);
          got.forEach((o, i) => {
            assert(o !== null, `native vs wasm many: ${what} on ${backend}, jobs[${i}] failed to authenticate`);
            assertBytes(o, unhex(cs[i].output), `native vs wasm many: ${what} on ${backend}, jobs[${i}] (${cs[i].input.length / 2} B)`);
          });
          checks += cs.length;
        } finally {
          for (const k of keys) k.dispose();
        }
      }
    }
    return checks;
  };
}

// ---- each backend against the reference, lengths around every batch size --

function backendCase(A, inst, cipher, quick) {
  return () => {
    const info = inst.cipherInfo(cipher);
    const R = rng(cipher.length * 7919 + info.keyBytes);
    const B = info.blockBytes;
    const raw = R.bytes(info.keyBytes);
    const ref = inst.createKey(cipher, raw, { backend: 'ref' });
    let checks = 0;
    const maxBlocks = quick ? 40 : 140;
    try {
      for (const be of info.backends) {
        if (be === 'ref') continue;
        const k = inst.createKey(cipher, raw, { backend: be });
        try {
          for (let nb = 0; nb <= maxBlocks; nb += nb < 70 ? 1 : 13) {
            const data = R.bytes(nb * B + (nb % 3 === 1 ? R.int(B) : 0));
            const iv = R.bytes(B);
            // a counter close to wrapping its low word, now and then
            if (nb % 5 === 0) iv.fill(0xff, Math.max(0, B - 4 - (nb % 2)));
            const whole = data.subarray(0, nb * B);
            const w = `${cipher} ${be} ${nb} blocks`;
            assertBytes(A.ecbEncrypt(k, whole), A.ecbEncrypt(ref, whole), `${w} ecb encrypt`);
            assertBytes(A.ecbDecrypt(k, whole), A.ecbDecrypt(ref, whole), `${w} ecb decrypt`);
            assertBytes(A.ctrXor(k, iv, data), A.ctrXor(ref, iv, data), `${w} ctr`);
            assertBytes(A.cbcDecrypt(k, iv, whole), A.cbcDecrypt(ref, iv, whole), `${w} cbc decrypt`);
            if (info.modes.includes('gcm')) {
              const n = R.bytes(12);
              assertBytes(A.gcmEncrypt(k, n, data), A.gcmEncrypt(ref, n, data), `${w} gcm`);
            }
            checks += 4;
          }
        } finally {
          k.dispose();
        }
      }
    } finally {
      ref.dispose();
    }
    return checks;
  };
}

// ---- streaming splits -------------------------------------------------------

function streamingCase(A, inst, quick) {
  return () => {
    const R = rng(4242);
    let checks = 0;
    for (const cipher of ['lea-128', 'cham-128-256', 'speck-128-128', 'simon-128-128', 'sparx-128-256', 'hight', 'speck-64-128', 'sparx-64-128']) {
      const info = inst.cipherInfo(cipher);
      const key = inst.createKey(cipher, R.bytes(info.keyBytes));
      try {
        for (let t = 0; t < (quick ? 4 : 12); t++) {
          const data = R.bytes(R.int(700));
          const iv = R.bytes(info.blockBytes);
          const whole = A.ctrXor(key, iv, data);
          const ctx = A.ctrInit(key, iv);
          const parts = [];
          for (let off = 0; off < data.length;) {
            const n = Math.min(data.length - off, R.int(90));
            parts.push(...ctx.update(data.subarray(off, off + n)));
            off += n;
          }
          ctx.dispose();
          assertBytes(new Uint8Array(parts), whole, `${cipher} CTR split ${t}`);
          checks++;
          if (!info.modes.includes('gcm')) continue;
          const nonce = R.bytes(t % 3 === 0 ? 1 + R.int(40) : 12);
          const aad = R.bytes(R.int(60));
          const sealed = A.gcmEncrypt(key, nonce, data, { aad });
          const g = A.gcmInit(key, nonce);
          for (let off = 0; off < aad.length;) {
            const n = Math.min(aad.length - off, 1 + R.int(20));
            g.aad(aad.subarray(off, off + n));
            off += n;
          }
          const out = [];
          for (let off = 0; off < data.length;) {
            const n = Math.min(data.length - off, R.int(70));
            out.push(...g.encryptUpdate(data.subarray(off, off + n)));
            off += n;
          }
          out.push(...g.encryptFinal());
          g.dispose();
          assertBytes(new Uint8Array(out), sealed, `${cipher} GCM encrypt split ${t}`);
          const d = A.gcmInit(key, nonce);
          d.aad(aad);
          const pt = [];
          const ct = sealed.subarray(0, data.length);
          for (let off = 0; off < ct.length;) {
            const n = Math.min(ct.length - off, R.int(70));
            pt.push(...d.decryptUpdate(ct.subarray(off, off + n)));
            off += n;
          }
          d.decryptFinal(sealed.subarray(data.length));
          d.dispose();
          assertBytes(new Uint8Array(pt), data, `${cipher} GCM decrypt split ${t}`);
          const f = A.gcmInit(key, nonce);
          f.aad(aad);
          f.decryptUpdate(ct);
          const badTag = sealed.slice(data.length);
          badTag[R.int(16)] ^= 1 << R.int(8);
          assertThrows(() => f.decryptFinal(badTag), A.AuthenticationError, /authentication/, `${cipher} GCM stream forged tag`);
          f.dispose();
          checks += 3;
        }
      } finally {
        key.dispose();
      }
    }
    return checks;
  };
}

// ---- many messages at once: every job against the one-message call -------

function manyCase(A, inst, quick) {
  return () => {
    const R = rng(2424);
    let checks = 0;
    const pick = (a) => a[R.int(a.length)];
    // every cipher with lanes in the SIMD build (SIMECK-32/64: CTR only)
    const ciphers = ['lea-128', 'lea-192', 'lea-256', 'cham-128-128', 'speck-128-128', 'speck-128-256', 'simon-128-128', 'sparx-128-256', 'hight', 'speck-64-128', 'simon-64-96', 'simeck-64-128', 'cham-64-128', 'sparx-64-128', 'simeck-32-64'];
    for (const cipher of ciphers) {
      const info = inst.cipherInfo(cipher);
      const B = info.blockBytes;
      // the first batches with every key on one backend, each backend in
      // turn (a batch runs the lane kernels only where all its keys share a
      // backend that has them), then keys on random backends
      const nbatch = Math.max(quick ? 2 : 6, info.backends.length + 1);
      for (let batch = 0; batch < nbatch; batch++) {
        const forced = info.backends[batch];
        // a pool of keys (some jobs share one), on the cipher's backends
        const keys = Array.from({ length: 1 + R.int(5) }, () => inst.createKey(cipher, R.bytes(info.keyBytes), { backend: forced ?? pick(info.backends) }));
        const n = 1 + R.int(quick ? 20 : 48);
        const len = () => (R.int(4) === 0 ? R.int(20) : R.int(301));
        try {
          // CTR
          const ctr = Array.from({ length: n }, () => ({ key: pick(keys), iv: R.bytes(B), data: R.bytes(len()) }));
          A.ctrXorMany(ctr).forEach((o, i) => assertBytes(o, A.ctrXor(ctr[i].key, ctr[i].iv, ctr[i].data), `${cipher} ctrXorMany[${i}] (${ctr[i].data.length} B)`));
          checks += n;
          if (!info.modes.includes('cmac')) continue;
          // CMAC and its verification, some tags forged
          const mac = Array.from({ length: n }, () => ({ key: pick(keys), msg: R.bytes(len()), tagLength: R.int(3) ? undefined : 4 + R.int(B - 3) }));
          const tags = A.cmacMany(mac);
          tags.forEach((t, i) => assertBytes(t, A.cmac(mac[i].key, mac[i].msg, mac[i].tagLength), `${cipher} cmacMany[${i}]`));
          const forgedMac = new Set();
          const ver = mac.map((j, i) => {
            const tag = tags[i].slice();
            if (R.int(3) === 0) {
              tag[R.int(tag.length)] ^= 1 << R.int(8);
              forgedMac.add(i);
            }
            return { key: j.key, msg: j.msg, tag };
          });
          A.cmacVerifyMany(ver).forEach((v, i) => {
            assert(v === !forgedMac.has(i), `${cipher} cmacVerifyMany[${i}]: ${v}, forged ${forgedMac.has(i)}`);
            assert(v === A.cmacVerify(ver[i].key, ver[i].msg, ver[i].tag), `${cipher} cmacVerifyMany[${i}] vs cmacVerify`);
          });
          checks += 2 * n;
          if (B !== 16) continue;
          for (const mode of ['gcm', 'ccm']) {
            const enc = mode === 'gcm' ? A.gcmEncrypt : A.ccmEncrypt;
            const dec = mode === 'gcm' ? A.gcmDecrypt : A.ccmDecrypt;
            const encMany = mode === 'gcm' ? A.gcmEncryptMany : A.ccmEncryptMany;
            const decMany = mode === 'gcm' ? A.gcmDecryptMany : A.ccmDecryptMany;
            const jobs = Array.from({ length: n }, () => ({
              key: pick(keys),
              nonce: R.bytes(mode === 'gcm' ? pick([12, 12, 12, 1, 16, 60]) : 7 + R.int(7)),
              data: R.bytes(len()),
              aad: R.int(3) ? R.bytes(R.int(40)) : undefined,
              tagLength: R.int(2) ? undefined : pick(mode === 'gcm' ? [12, 13, 14, 15, 8, 4] : [4, 6, 8, 10, 12, 14]),
            }));
            const sealed = encMany(jobs);
            sealed.forEach((c, i) => assertBytes(c, enc(jobs[i].key, jobs[i].nonce, jobs[i].data, jobs[i]), `${cipher} ${mode}EncryptMany[${i}] (${jobs[i].data.length} B)`));
            // forge some: a bit of the tag, of the ciphertext, or of the AAD
            const forged = new Set();
            const opens = jobs.map((j, i) => {
              const o = { ...j, data: sealed[i].slice() };
              if (R.int(3) === 0) {
                forged.add(i);
                if (o.aad?.length && R.int(3) === 0) {
                  o.aad = o.aad.slice();
                  o.aad[R.int(o.aad.length)] ^= 1 << R.int(8);
                } else o.data[R.int(o.data.length)] ^= 1 << R.int(8);
              }
              return o;
            });
            const opened = decMany(opens);
            // the results are views of one buffer per call: where a forged
            // message's plaintext would lie in it, zeros only
            const shared = opened.find((r) => r.ok)?.data.buffer;
            if (shared) {
              let off = 0;
              opens.forEach((o, i) => {
                const len = o.data.length - (o.tagLength ?? 16);
                if (forged.has(i)) assert(new Uint8Array(shared, off, len).every((x) => x === 0), `${cipher} ${mode}DecryptMany[${i}]: a forged message's plaintext is in the results' buffer`);
                off += len;
              });
              assert(shared.byteLength === off, `${cipher} ${mode}DecryptMany: results' buffer of ${shared.byteLength} bytes, the plaintexts ${off}`);
              checks++;
            }
            opened.forEach((r, i) => {
              if (forged.has(i)) {
                assert(r.ok === false && r.data === null, `${cipher} ${mode}DecryptMany[${i}]: a forged message was released`);
                assertThrows(() => dec(opens[i].key, opens[i].nonce, opens[i].data, opens[i]), A.AuthenticationError, null, `${cipher} ${mode}Decrypt[${i}] forged`);
              } else {
                assert(r.ok === true, `${cipher} ${mode}DecryptMany[${i}]: a good message failed`);
                assertBytes(r.data, jobs[i].data, `${cipher} ${mode}DecryptMany[${i}]`);
              }
            });
            checks += 2 * n;
          }
        } finally {
          for (const k of keys) k.dispose();
        }
      }
    }
    checks += manyBadInput(A, inst);
    return checks;
  };
}

// ---- short GCM messages: the one-pass path against the streaming one -----
// arx_gcm_encrypt/decrypt take messages whose padded AAD, padded text and
// length block fit 8 blocks (96-bit nonce) in one CTR call and one GHASH
// run (src/modes/gcm.c, gcm_small); the streaming context never does. Every
// length 0..130 crosses that limit at each AAD length here.

function shortGcmCase(A, inst, quick) {
  return () => {
    const R = rng(1717);
    let checks = 0;
    const aadLens = quick ? [0, 17, 48, 113] : [0, 1, 15, 16, 17, 32, 47, 48, 49, 96, 100, 112, 113];
    for (const cipher of ['lea-128', 'cham-128-256', 'speck-128-128', 'simon-128-256', 'sparx-128-128']) {
      const info = inst.cipherInfo(cipher);
      for (const backend of info.backends) {
        const key = inst.createKey(cipher, R.bytes(info.keyBytes), { backend });
        try {
          for (const al of aadLens) {
            for (let len = 0; len <= 130; len += quick ? 1 + R.int(9) : 1) {
              const nonce = R.bytes(12), aad = R.bytes(al), data = R.bytes(len);
              const sealed = A.gcmEncrypt(key, nonce, data, { aad });
              const g = A.gcmInit(key, nonce);
              g.aad(aad);
              const ct = g.encryptUpdate(data);
              const tag = g.encryptFinal();
              g.dispose();
              const w = `${cipher} (${backend}) gcm aad ${al} len ${len}`;
              assertBytes(sealed, new Uint8Array([...ct, ...tag]), `${w}: one-shot vs streaming`);
              assertBytes(A.gcmDecrypt(key, nonce, sealed, { aad }), data, `${w}: decrypts`);
              const bad = sealed.slice();
              bad[len + R.int(16)] ^= 1 << R.int(8);
              const out = new Uint8Array(len).fill(0xa5);
              assertThrows(() => A.gcmDecrypt(key, nonce, bad, { aad }, out), A.AuthenticationError, null, `${w}: forged tag`);
              assert(out.every((b) => b === 0xa5), `${w}: out was written on a failed tag`);
              checks += 3;
            }
          }
        } finally {
          key.dispose();
        }
      }
    }
    return checks;
  };
}

// ---- GCM's GHASH on every backend against ref's -----------------------------
// A backend's keys take their GHASH with them (src/modes/ghash.c,
// arx_ghash_pick): in the SIMD module the wasm backends' is ghash_wasm.c
// (SIMD128, runs of up to 8 blocks), ref's the portable ghash_ct.c. Random
// AAD and text lengths (runs of every length, Y carried between them, the
// one-pass short path and the chunked one), nonces of 12 bytes and others
// (J0 through GHASH), and streaming in random pieces (single pending blocks).

function gcmBackendCase(A, inst, quick) {
  return () => {
    const R = rng(4217);
    let checks = 0;
    const rounds = quick ? 60 : 240;
    for (const info of inst.ciphers()) {
      if (!info.modes.includes('gcm') || info.backends.length < 2) continue;
      const raw = R.bytes(info.keyBytes);
      const ref = inst.createKey(info.name, raw, { backend: 'ref' });
      try {
        for (const be of info.backends) {
          if (be === 'ref') continue;
          const k = inst.createKey(info.name, raw, { backend: be });
          try {
            for (let t = 0; t < rounds; t++) {
              const len = t % 4 === 3 ? R.int(4200) : R.int(300), al = t % 3 ? R.int(260) : 0;
              const nonce = R.bytes(t % 7 === 6 ? 1 + R.int(40) : 12), aad = R.bytes(al), data = R.bytes(len);
              const w = `${info.name} (${be}) gcm aad ${al} len ${len} nonce ${nonce.length}`;
              const sealed = A.gcmEncrypt(ref, nonce, data, { aad });
              assertBytes(A.gcmEncrypt(k, nonce, data, { aad }), sealed, `${w}: vs ref`);
              assertBytes(A.gcmDecrypt(k, nonce, sealed, { aad }), data, `${w}: decrypts ref's`);
              const g = A.gcmInit(k, nonce);
              for (let i = 0; i < al;) { const n = 1 + R.int(40); g.aad(aad.subarray(i, i + n)); i += n; }
              const parts = [];
              for (let i = 0; i < len;) { const n = 1 + R.int(70); parts.push(g.encryptUpdate(data.subarray(i, i + n))); i += n; }
              parts.push(g.encryptFinal());
              g.dispose();
              assertBytes(new Uint8Array(parts.flatMap((p) => [...p])), sealed, `${w}: streaming vs ref`);
              checks += 3;
            }
          } finally {
            k.dispose();
          }
        }
      } finally {
        ref.dispose();
      }
    }
    return checks;
  };
}

function manyBadInput(A, inst) {
  const R = rng(24);
  let checks = 0;
  const k = inst.createKey('lea-128', R.bytes(16));
  const k2 = inst.createKey('lea-128', R.bytes(16));
  const other = inst.createKey('cham-128-128', R.bytes(16));
  const small = inst.createKey('speck-64-128', R.bytes(16));
  const gone = inst.createKey('lea-128', R.bytes(16));
  gone.dispose();
  try {
    const good = () => ({ key: k, nonce: R.bytes(12), data: R.bytes(40) });
    const bad = (what, jobs, Cls, re, f = A.gcmEncryptMany) => {
      assertThrows(() => f(jobs), Cls, re, what);
      checks++;
    };
    assert(A.gcmEncryptMany([]).length === 0 && A.gcmDecryptMany([]).length === 0 && A.cmacVerifyMany([]).length === 0, 'empty batches');
    bad('not an array', null, TypeError, /jobs must be an Array/);
    bad('not an array (object)', { 0: good(), length: 1 }, TypeError, /jobs must be an Array/);
    bad('a job that is not an object', [good(), 7], TypeError, /jobs\[1\] must be an object/);
    bad('a job without a key', [good(), { nonce: R.bytes(12), data: R.bytes(3) }], TypeError, /jobs\[1\]\.key/);
    bad('a disposed key', [good(), good(), { ...good(), key: gone }], A.ArxError, /jobs\[2\]\.key: the key was disposed/);
    bad('mixed ciphers', [good(), { ...good(), key: other }], TypeError, /jobs\[1\]\.key is cham-128-128/);
    bad('data not a Uint8Array', [good(), { ...good(), data: [1, 2, 3] }], TypeError, /jobs\[1\]\.data must be a Uint8Array/);
    bad('empty GCM nonce', [good(), good(), { ...good(), nonce: new Uint8Array(0) }], RangeError, /jobs\[2\]/);
    bad('GCM tag length 0', [good(), { ...good(), tagLength: 0 }], RangeError, /jobs\[1\]\.tagLength/);
    bad('GCM tag length 17', [good(), { ...good(), tagLength: 17 }], RangeError, /jobs\[1\]\.tagLength/);
    bad('CCM nonce of 6', [good(), { ...good(), nonce: R.bytes(6) }], RangeError, /jobs\[1\]/, A.ccmEncryptMany);
    bad('CCM odd tag', [{ ...good(), nonce: R.bytes(12), tagLength: 7 }], RangeError, /jobs\[0\]/, A.ccmEncryptMany);
    bad('sealed shorter than its tag', [good(), { ...good(), data: R.bytes(15) }], RangeError, /jobs\[1\].*shorter than the 16-byte tag/, A.gcmDecryptMany);
    bad('GCM on a 64-bit block', [{ ...good(), key: small }], TypeError, /gcm is not defined/);
    bad('CTR iv of a wrong length', [{ key: k, iv: R.bytes(12), data: R.bytes(3) }], RangeError, /jobs\[0\].*iv must be 16 bytes/, A.ctrXorMany);
    bad('CMAC tag too long', [{ key: k, msg: R.bytes(3), tagLength: 17 }], RangeError, /jobs\[0\]\.tagLength/, A.cmacMany);
    bad('CMAC verify without a tag', [{ key: k, msg: R.bytes(3) }], TypeError, /jobs\[0\]\.tag must be/, A.cmacVerifyMany);
    // an empty CMAC tag is the library's error, found by the call: its job is named
    bad('CMAC verify, empty tag', [{ key: k, msg: R.bytes(3), tag: A.cmac(k, R.bytes(3)) }, { key: k2, msg: R.bytes(3), tag: new Uint8Array(0) }], RangeError, /jobs\[1\]/, A.cmacVerifyMany);
  } finally {
    for (const x of [k, k2, other, small]) x.dispose();
  }
  return checks;
}


// ---- tag failures: every bit position, both AEADs, no plaintext released --

function tagFailureCase(A, inst) {
  return () => {
    const R = rng(99);
    let checks = 0;
    for (const cipher of ['lea-128', 'lea-256', 'cham-128-128', 'speck-128-256', 'simon-128-192', 'sparx-128-128']) {
      const key = inst.createKey(cipher, R.bytes(inst.cipherInfo(cipher).keyBytes));
      try {
        for (const mode of ['gcm', 'ccm']) {
          const enc = mode === 'gcm' ? A.gcmEncrypt : A.ccmEncrypt;
          const dec = mode === 'gcm' ? A.gcmDecrypt : A.ccmDecrypt;
          const nonce = R.bytes(mode === 'gcm' ? 12 : 13);
          const data = R.bytes(1 + R.int(100));
          const aad = R.bytes(R.int(30));
          const sealed = enc(key, nonce, data, { aad });
          for (let bit = 0; bit < sealed.length * 8; bit += 1 + R.int(9)) {
            const bad = sealed.slice();
            bad[bit >> 3] ^= 1 << (bit & 7);
            const out = new Uint8Array(data.length).fill(0xa5);
            assertThrows(() => dec(key, nonce, bad, { aad }, out), A.AuthenticationError, null, `${cipher} ${mode} bit ${bit}`);
            assert(out.every((b) => b === 0xa5), `${cipher} ${mode} bit ${bit}: out was written on a failed tag`);
            checks++;
          }
          const badAad = aad.length ? aad.slice() : new Uint8Array(1);
          badAad[0] ^= 0x80;
          assertThrows(() => dec(key, nonce, sealed, { aad: badAad }), A.AuthenticationError, null, `${cipher} ${mode} other aad`);
          const badNonce = nonce.slice();
          badNonce[0] ^= 1;
          assertThrows(() => dec(key, badNonce, sealed, { aad }), A.AuthenticationError, null, `${cipher} ${mode} other nonce`);
          // truncated tags: GCM's is the full tag's prefix; CCM's depends on its length (B0)
          const t8 = enc(key, nonce, data, { aad, tagLength: 8 });
          if (mode === 'gcm') assertBytes(t8, sealed.subarray(0, data.length + 8), `${cipher} gcm 8-byte tag is the prefix`);
          else assert(hex(t8.subarray(data.length)) !== hex(sealed.subarray(data.length, data.length + 8)), `${cipher} ccm 8-byte tag`);
          assertBytes(t8.subarray(0, data.length), sealed.subarray(0, data.length), `${cipher} ${mode} same ciphertext`);
          assertBytes(dec(key, nonce, t8, { aad, tagLength: 8 }), data, `${cipher} ${mode} 8-byte tag decrypts`);
          checks += 4;
        }
        if (inst.cipherInfo(cipher).modes.includes('cmac')) {
          const msg = R.bytes(R.int(50));
          const tag = A.cmac(key, msg);
          const bad = tag.slice();
          bad[0] ^= 1;
          assert(A.cmacVerify(key, msg, tag) === true && A.cmacVerify(key, msg, bad) === false, `${cipher} cmacVerify`);
          checks++;
        }
      } finally {
        key.dispose();
      }
    }
    return checks;
  };
}

// ---- bad input to every function ----------------------------------------------

function badInputCase(A, inst) {
  return () => {
    let checks = 0;
    const T = (f, Cls, re, what) => {
      assertThrows(f, Cls, re, what);
      checks++;
    };
    const k16 = new Uint8Array(16);
    T(() => inst.createKey('lea-127', k16), TypeError, /unknown cipher 'lea-127'/, 'unknown cipher');
    T(() => inst.createKey(128, k16), TypeError, /string/, 'cipher not a string');
    T(() => inst.createKey('lea-128', new Uint8Array(15)), RangeError, /16-byte key, got 15/, 'short key');
    T(() => inst.createKey('lea-256', k16), RangeError, /32-byte key/, 'lea-256 with 16 bytes');
    T(() => inst.createKey('lea-128', [...k16]), TypeError, /Uint8Array/, 'key as Array');
    T(() => inst.createKey('lea-128', k16.buffer), TypeError, /Uint8Array/, 'key as ArrayBuffer');
    T(() => inst.createKey('lea-128', 'secretsecretsecr'), TypeError, /Uint8Array/, 'key as string');
    T(() => inst.createKey('lea-128', k16, { backend: 'avx9000' }), TypeError, /backend/, 'unknown backend');
    T(() => inst.createKey('lea-128', k16, { backend: 7 }), TypeError, /backend/, 'backend not a string');
    const key = inst.createKey('lea-128', k16);
    const k64 = inst.createKey('speck-64-128', k16);
    const iv = new Uint8Array(16), n12 = new Uint8Array(12), d = new Uint8Array(32);
    const fns = {
      ecbEncrypt: (x) => A.ecbEncrypt(key, x), ecbDecrypt: (x) => A.ecbDecrypt(key, x),
      cbcEncrypt: (x) => A.cbcEncrypt(key, iv, x), cbcDecrypt: (x) => A.cbcDecrypt(key, iv, x),
      cbcEncryptPad: (x) => A.cbcEncryptPad(key, iv, x), cbcDecryptPad: (x) => A.cbcDecryptPad(key, iv, x),
      cfbEncrypt: (x) => A.cfbEncrypt(key, iv, x), cfbDecrypt: (x) => A.cfbDecrypt(key, iv, x),
      ofbXor: (x) => A.ofbXor(key, iv, x), ctrXor: (x) => A.ctrXor(key, iv, x),
      gcmEncrypt: (x) => A.gcmEncrypt(key, n12, x), gcmDecrypt: (x) => A.gcmDecrypt(key, n12, x),
      ccmEncrypt: (x) => A.ccmEncrypt(key, n12, x), ccmDecrypt: (x) => A.ccmDecrypt(key, n12, x),
      cmac: (x) => A.cmac(key, x), cmacVerify: (x) => A.cmacVerify(key, x, new Uint8Array(16)),
      'Ctr.update': (x) => A.ctrInit(key, iv).update(x),
      'Gcm.aad': (x) => A.gcmInit(key, n12).aad(x),
      'Gcm.encryptUpdate': (x) => A.gcmInit(key, n12).encryptUpdate(x),
      'Gcm.decryptUpdate': (x) => A.gcmInit(key, n12).decryptUpdate(x),
      'Gcm.decryptFinal': (x) => A.gcmInit(key, n12).decryptFinal(x),
    };
    for (const [name, f] of Object.entries(fns)) {
      for (const bad of [undefined, null, 'text', [1, 2, 3], new ArrayBuffer(16), new Uint16Array(8), 42]) {
        T(() => f(bad), TypeError, /Uint8Array/, `${name}(${Object.prototype.toString.call(bad)})`);
      }
    }
    // the key argument of every function
    const withKey = {
      ecbEncrypt: (k) => A.ecbEncrypt(k, d), ecbDecrypt: (k) => A.ecbDecrypt(k, d),
      cbcEncrypt: (k) => A.cbcEncrypt(k, iv, d), cbcDecrypt: (k) => A.cbcDecrypt(k, iv, d),
      cbcEncryptPad: (k) => A.cbcEncryptPad(k, iv, d), cbcDecryptPad: (k) => A.cbcDecryptPad(k, iv, d),
      cfbEncrypt: (k) => A.cfbEncrypt(k, iv, d), cfbDecrypt: (k) => A.cfbDecrypt(k, iv, d),
      ofbXor: (k) => A.ofbXor(k, iv, d), ctrXor: (k) => A.ctrXor(k, iv, d),
      gcmEncrypt: (k) => A.gcmEncrypt(k, n12, d), gcmDecrypt: (k) => A.gcmDecrypt(k, n12, d),
      ccmEncrypt: (k) => A.ccmEncrypt(k, n12, d), ccmDecrypt: (k) => A.ccmDecrypt(k, n12, d),
      cmac: (k) => A.cmac(k, d), cmacVerify: (k) => A.cmacVerify(k, d, d), ctrInit: (k) => A.ctrInit(k, iv),
      gcmInit: (k) => A.gcmInit(k, n12),
    };
    for (const [name, f] of Object.entries(withKey)) {
      for (const bad of [undefined, null, k16, { cipher: 'lea-128' }]) T(() => f(bad), TypeError, /Key/, `${name} with a non-Key`);
    }
    // lengths
    for (const f of ['cbcEncrypt', 'cbcDecrypt', 'cbcEncryptPad', 'cbcDecryptPad', 'cfbEncrypt', 'cfbDecrypt', 'ofbXor', 'ctrXor']) {
      for (const n of [0, 8, 15, 17, 32]) T(() => A[f](key, new Uint8Array(n), d), RangeError, /iv must be 16 bytes/, `${f} iv ${n}`);
    }
    T(() => A.ctrInit(key, new Uint8Array(8)), RangeError, /iv must be 16 bytes/, 'ctrInit short iv');
    T(() => A.ecbEncrypt(key, new Uint8Array(17)), RangeError, /multiple/, 'ecb 17 bytes');
    T(() => A.ecbDecrypt(k64, new Uint8Array(12)), RangeError, /multiple of speck-64-128's 8-byte block/, 'ecb 64-bit 12 bytes');
    T(() => A.cbcEncrypt(key, iv, new Uint8Array(5)), RangeError, /multiple/, 'cbc 5 bytes');
    T(() => A.cbcDecryptPad(key, iv, new Uint8Array(0)), RangeError, /non-zero multiple/, 'cbc pad empty ciphertext');
    T(() => A.gcmEncrypt(key, new Uint8Array(0), d), RangeError, /nonce/i, 'gcm empty nonce');
    T(() => A.gcmInit(key, new Uint8Array(0)), RangeError, /nonce/i, 'gcmInit empty nonce');
    for (const n of [0, 6, 14, 16]) T(() => A.ccmEncrypt(key, new Uint8Array(n), d), RangeError, /nonce/i, `ccm nonce ${n}`);
    for (const t of [0, 3, 17]) T(() => A.gcmEncrypt(key, n12, d, { tagLength: t }), RangeError, /tag/i, `gcm tag ${t}`);
    T(() => A.gcmEncrypt(key, n12, d, { tagLength: 2.5 }), TypeError, /integer/, 'gcm tag 2.5');
    T(() => A.ccmEncrypt(key, n12, d, { tagLength: 5 }), RangeError, /tag/i, 'ccm odd tag');
    T(() => A.gcmDecrypt(key, n12, new Uint8Array(15)), RangeError, /shorter than the 16-byte tag/, 'gcm sealed shorter than tag');
    T(() => A.gcmEncrypt(key, n12, d, { aad: 'x' }), TypeError, /aad must be a Uint8Array/, 'gcm aad string');
    T(() => A.gcmEncrypt(key, n12, d, 'opts'), TypeError, /options/, 'gcm options string');
    T(() => A.cmac(key, d, 17), RangeError, /tagLength/, 'cmac tag 17');
    T(() => A.cmac(key, d, 0), RangeError, /tagLength/, 'cmac tag 0');
    T(() => A.cmac(key, d, 3), RangeError, /tag/i, 'cmac tag 3');
    T(() => A.cmacVerify(key, d, new Uint8Array(2)), RangeError, /tag/i, 'cmacVerify tag 2');
    T(() => A.gcmInit(key, n12).encryptFinal(20), RangeError, /tagLength/, 'gcm final tag 20');
    // modes a block size does not have
    T(() => A.gcmEncrypt(k64, n12, d), TypeError, /gcm is not defined for speck-64-128/, 'gcm 64-bit');
    T(() => A.ccmDecrypt(k64, n12, d), TypeError, /ccm is not defined/, 'ccm 64-bit');
    T(() => A.gcmInit(k64, n12), TypeError, /gcm is not defined/, 'gcmInit 64-bit');
    const k32 = inst.createKey('speck-32-64', new Uint8Array(8));
    T(() => A.cmac(k32, d), TypeError, /cmac is not defined/, 'cmac 32-bit');
    // out too small, or not a Uint8Array
    T(() => A.ctrXor(key, iv, d, new Uint8Array(31)), RangeError, /out holds 31 bytes, needs 32/, 'ctr out short');
    T(() => A.gcmEncrypt(key, n12, d, {}, new Uint8Array(40)), RangeError, /needs 48/, 'gcm out short');
    T(() => A.ctrXor(key, iv, d, []), TypeError, /out must be a Uint8Array/, 'ctr out array');
    // state
    const g = A.gcmInit(key, n12);
    g.encryptUpdate(d);
    T(() => g.aad(d), Error, /out of order|state/i, 'gcm aad after data');
    T(() => g.decryptUpdate(d), Error, /out of order|state/i, 'gcm direction change');
    g.encryptFinal();
    T(() => g.encryptUpdate(d), Error, /out of order|state/i, 'gcm update after final');
    g.dispose();
    T(() => g.encryptUpdate(d), Error, /disposed/, 'gcm after dispose');
    // disposed keys
    const dead = inst.createKey('lea-128', k16);
    const c = A.ctrInit(dead, iv);
    dead.dispose();
    dead.dispose(); // idempotent
    assert(dead.disposed, 'disposed flag');
    T(() => A.ctrXor(dead, iv, d), Error, /disposed/, 'ctrXor with a disposed key');
    T(() => c.update(d), Error, /disposed/, 'Ctr.update after its key was disposed');
    c.dispose();
    key.dispose();
    k64.dispose();
    k32.dispose();
    return checks;
  };
}

// ---- API behaviour: caller-supplied output, in place, wiping, padding -------

function apiCase(A, inst) {
  return () => {
    let checks = 0;
    const R = rng(7);
    const key = inst.createKey('lea-192', R.bytes(24));
    const iv = R.bytes(16);
    const data = R.bytes(100);
    const want = A.ctrXor(key, iv, data);
    const out = new Uint8Array(100);
    assert(A.ctrXor(key, iv, data, out) === out, 'ctrXor returns the caller-supplied out');
    assertBytes(out, want, 'ctrXor into out');
    const big = new Uint8Array(130).fill(7);
    const r = A.ctrXor(key, iv, data, big);
    assert(r.buffer === big.buffer && r.length === 100 && big[100] === 7, 'a larger out: the written prefix, the rest untouched');
    const inPlace = data.slice();
    A.ctrXor(key, iv, inPlace, inPlace);
    assertBytes(inPlace, want, 'in place');
    checks += 4;
    // long inputs (the chunked paths of ctrXor and gcmEncrypt) against the streaming contexts
    for (const n of [65536, 65537, 200000]) {
      const m = R.bytes(n), v = R.bytes(16), nonce = R.bytes(12), aad = R.bytes(70000);
      const c = A.ctrInit(key, v);
      assertBytes(A.ctrXor(key, v, m), new Uint8Array([...c.update(m.subarray(0, 1000)), ...c.update(m.subarray(1000))]), `ctrXor ${n} B`);
      c.dispose();
      const g = A.gcmInit(key, nonce);
      g.aad(aad);
      const sealed = A.gcmEncrypt(key, nonce, m, { aad });
      assertBytes(sealed, new Uint8Array([...g.encryptUpdate(m), ...g.encryptFinal()]), `gcmEncrypt ${n} B`);
      g.dispose();
      assertBytes(A.gcmDecrypt(key, nonce, sealed, { aad }), m, `gcmDecrypt ${n} B`);
      checks += 3;
    }
    // PKCS#7
    for (let n = 0; n <= 33; n++) {
      const m = R.bytes(n);
      const c = A.cbcEncryptPad(key, iv, m);
      assert(c.length === (Math.floor(n / 16) + 1) * 16, `cbcEncryptPad length for ${n}`);
      assertBytes(A.cbcDecryptPad(key, iv, c), m, `cbc pad round trip ${n}`);
      checks += 2;
    }
    const c = A.cbcEncryptPad(key, iv, R.bytes(20));
    const raw = A.cbcDecrypt(key, iv, c);
    raw[31] = 0x11; // a pad byte over 16
    const forged = A.cbcEncrypt(key, iv, raw);
    assertThrows(() => A.cbcDecryptPad(key, iv, forged), A.PaddingError, /padding/i, 'bad padding');
    checks++;
    // every cipher and mode round-trips through the API
    for (const info of inst.ciphers()) {
      const k = inst.createKey(info.name, R.bytes(info.keyBytes));
      const B = info.blockBytes;
      const m = R.bytes(3 * B + 1), mb = m.subarray(0, 3 * B), v = R.bytes(B);
      assertBytes(A.ecbDecrypt(k, A.ecbEncrypt(k, mb)), mb, `${info.name} ecb`);
      assertBytes(A.cbcDecrypt(k, v, A.cbcEncrypt(k, v, mb)), mb, `${info.name} cbc`);
      assertBytes(A.cfbDecrypt(k, v, A.cfbEncrypt(k, v, m)), m, `${info.name} cfb`);
      assertBytes(A.ofbXor(k, v, A.ofbXor(k, v, m)), m, `${info.name} ofb`);
      assertBytes(A.ctrXor(k, v, A.ctrXor(k, v, m)), m, `${info.name} ctr`);
      assert(hex(A.ctrXor(k, v, m)) !== hex(m), `${info.name} ctr changes the data`);
      if (info.modes.includes('cmac')) assert(A.cmacVerify(k, m, A.cmac(k, m)), `${info.name} cmac`);
      assert(k.cipher === info.name && k.blockBytes === B && k.keyBytes === info.keyBytes, `${info.name} key facts`);
      k.dispose();
      checks += 7;
    }
    // dispose() wipes the schedule (and GCM's hash key) in WebAssembly memory:
    // memory after create + use + dispose equals memory before, except the
    // 4-byte cell that received the key's address
    const memory = inst[Symbol.for('arxcrypt.memory')];
    assert(memory instanceof WebAssembly.Memory, 'the instance exposes its memory');
    const raw16 = R.bytes(16);
    inst.createKey('lea-128', raw16).dispose(); // the scratch area at its size already
    const before = new Uint8Array(memory.buffer).slice();
    const k = inst.createKey('lea-128', raw16);
    A.gcmEncrypt(k, R.bytes(12), R.bytes(64));
    const live = new Uint8Array(memory.buffer);
    let changed = 0;
    for (let i = 0; i < before.length; i++) if (live[i] !== before[i]) changed++;
    assert(changed >= 192, `a live key holds its schedule (${changed} bytes changed)`);
    k.dispose();
    const after = new Uint8Array(memory.buffer);
    let left = 0;
    for (let i = 0; i < before.length; i++) if (after[i] !== before[i]) left++;
    assert(left <= 4, `dispose() left ${left} bytes of key material in WebAssembly memory`);
    checks += 2;
    key.dispose();
    return checks;
  };
}

// ---- XTS: sectors against units, every backend against ref, refusals -----

function xtsCase(A, inst, quick) {
  return () => {
    let checks = 0;
    const R = rng(1619);
    for (const info of inst.ciphers()) {
      if (info.blockBytes !== 16) {
        assertThrows(() => inst.createXts(info.name, new Uint8Array(2 * info.keyBytes)), TypeError, /not defined/, `${info.name} xts`);
        checks++;
        continue;
      }
      const key = R.bytes(2 * info.keyBytes);
      key[info.keyBytes] ^= 0x80;
      const ref = inst.createXts(info.name, key, { backend: 'ref' });
      for (const be of info.backends) {
        const x = inst.createXts(info.name, key, { backend: be });
        for (const n of quick ? [16, 17, 257] : [16, 17, 31, 100, 256, 1000, 4096, 4111]) {
          const tw = R.bytes(16), d = R.bytes(n);
          assertBytes(A.xtsEncrypt(x, tw, d), A.xtsEncrypt(ref, tw, d), `${info.name} ${be} xts ${n}`);
          assertBytes(A.xtsDecrypt(x, tw, A.xtsEncrypt(x, tw, d)), d, `${info.name} ${be} xts round trip ${n}`);
          checks += 2;
        }
        for (const [sb, first] of [[512, 0], [33, 2 ** 53 - 2], [48, 2n ** 64n - 1n]]) {
          const d = R.bytes(3 * sb), ct = A.xtsEncryptSectors(x, first, sb, d);
          for (let i = 0; i < 3; i++) {
            const tw = new Uint8Array(16);
            let v = (BigInt(first) + BigInt(i)) % 2n ** 64n;
            for (let b = 0; b < 8; b++, v >>= 8n) tw[b] = Number(v & 0xffn);
            assertBytes(ct.subarray(i * sb, (i + 1) * sb), A.xtsEncrypt(ref, tw, d.subarray(i * sb, (i + 1) * sb)), `${info.name} ${be} sector ${i}`);
          }
          assertBytes(A.xtsDecryptSectors(x, first, sb, ct), d, `${info.name} ${be} sectors round trip`);
          checks += 4;
        }
        x.dispose();
      }
      ref.dispose();
    }
    const T = (f, Cls, re, what) => {
      assertThrows(f, Cls, re, what);
      checks++;
    };
    const k = R.bytes(32), x = inst.createXts('lea-128', k);
    T(() => inst.createXts('lea-128', new Uint8Array(32)), RangeError, /must differ/, 'equal halves');
    T(() => inst.createXts('lea-128', new Uint8Array(16)), RangeError, /32-byte key/, 'single-length key');
    T(() => A.xtsEncrypt(x, new Uint8Array(16), new Uint8Array(15)), RangeError, /at least 16/, 'short data');
    T(() => A.xtsEncrypt(x, new Uint8Array(8), new Uint8Array(32)), RangeError, /tweak must be 16/, 'short tweak');
    T(() => A.xtsEncryptSectors(x, 0, 512, new Uint8Array(513)), RangeError, /whole number/, 'partial sector');
    T(() => A.xtsEncryptSectors(x, -1, 512, new Uint8Array(512)), RangeError, /firstSector/, 'negative sector');
    T(() => A.xtsEncryptSectors(x, 0, 8, new Uint8Array(16)), RangeError, /sectorSize/, 'sector 8 bytes');
    T(() => A.xtsEncrypt(x, new Uint8Array(16), new Uint8Array(16 * 2 ** 20 + 1)), RangeError, /2\^20 blocks/, 'too long');
    T(() => A.xtsEncrypt(k, new Uint8Array(16), new Uint8Array(32)), TypeError, /Xts/, 'not an Xts');
    x.dispose();
    T(() => A.xtsEncrypt(x, new Uint8Array(16), new Uint8Array(32)), A.ArxError, /disposed/, 'disposed');
    return checks;
  };
}

/** Every case for one build. */
export function suites(A, inst, { vectors, diff, quick = false }) {
  const out = [];
  const b = inst.build;
  for (const [file, text] of Object.entries(vectors)) {
    const records = parseVectors(text);
    const backends = new Set(records.flatMap((r) => inst.cipherInfo(r.cipher).backends));
    for (const be of backends) out.push({ name: `${b}: vectors ${file} on ${be}`, fn: vectorCase(A, inst, file, records, be) });
  }
  for (const info of inst.ciphers()) {
    if (info.backends.length > 1) out.push({ name: `${b}: ${info.name} every backend vs ref`, fn: backendCase(A, inst, info.name, quick) });
  }
  if (diff) out.push({ name: `${b}: ${diff.length} random cases vs native arxcrypt raw`, fn: diffCase(A, inst, diff) });
  if (diff) out.push({ name: `${b}: the CTR, GCM, CCM and CMAC native cases as many-message batches, every backend`, fn: diffManyCase(A, inst, diff) });
  out.push({ name: `${b}: streaming CTR and GCM, random splits`, fn: streamingCase(A, inst, quick) });
  out.push({ name: `${b}: short GCM one-shot vs streaming, every length to 130`, fn: shortGcmCase(A, inst, quick) });
  out.push({ name: `${b}: GCM on every backend vs ref, random AAD, text, nonces, splits`, fn: gcmBackendCase(A, inst, quick) });
  out.push({ name: `${b}: tag failures release nothing`, fn: tagFailureCase(A, inst) });
  out.push({ name: `${b}: many messages at once vs one at a time, forged tags, bad jobs`, fn: manyCase(A, inst, quick) });
  out.push({ name: `${b}: bad input to every function`, fn: badInputCase(A, inst) });
  out.push({ name: `${b}: xts on every backend, sectors, refusals`, fn: xtsCase(A, inst, quick) });
  out.push({ name: `${b}: output buffers, padding, every cipher and mode`, fn: apiCase(A, inst) });
  return out;
}

/** Run fn and turn 'nothing checked' into a failure. */
export function runCase(c) {
  const n = c.fn();
  if (n === 0) throw new Error(`${c.name}: made no check`);
  return n;
}
