// npm run bench, Node part: bench/core.js in this Node, JSON rows on stdout
// (one per line). ARX_BENCH_FILTER: a RegExp on 'cipher mode'
// (e.g. '^lea-128 |aes'); ARX_BENCH_MS: the minimum batch time.
import * as A from '../src/index.js';
import * as noble from '@noble/ciphers/aes.js';
import { runBench } from './core.js';

const filter = process.env.ARX_BENCH_FILTER ? new RegExp(process.env.ARX_BENCH_FILTER) : null;
await runBench({
  A, noble, runtime: `node ${process.version}`, filter, minMs: Number(process.env.ARX_BENCH_MS ?? 200),
  emit: (row) => console.log(JSON.stringify(row)),
});
