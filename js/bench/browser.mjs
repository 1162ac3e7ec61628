// npm run bench, Chromium part: bench/core.js in headless Chromium (Debian's
// chromium via playwright-core), JSON rows on stdout as they come.
import { chromiumPath, launch, serve } from '../test/serve.js';

if (!chromiumPath()) {
  console.error('browser bench skipped: no Chromium (apt-get install chromium, or CHROMIUM_PATH=...)');
  process.exit(0);
}
const { server, url } = await serve();
const browser = await launch();
try {
  const page = await browser.newPage();
  await page.exposeFunction('emitRow', (row) => console.log(JSON.stringify(row)));
  await page.goto(`${url}/`);
  await page.evaluate(async ({ filter, minMs }) => {
    const A = await import('/js/src/index.js');
    const noble = await import('/js/node_modules/@noble/ciphers/aes.js');
    const { runBench } = await import('/js/bench/core.js');
    const v = navigator.userAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'chromium';
    await runBench({ A, noble, runtime: v, filter: filter ? new RegExp(filter) : null, minMs, emit: (r) => window.emitRow(r) });
  }, { filter: process.env.ARX_BENCH_FILTER ?? '', minMs: Number(process.env.ARX_BENCH_MS ?? 200) });
} finally {
  await browser.close();
  server.close();
}
