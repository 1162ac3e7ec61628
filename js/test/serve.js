// A static file server over the repository (the package, its tests and
// tests/vectors) for the headless-Chromium runs, on 127.0.0.1 and a free
// port, and the Chromium launch they share (Debian's chromium through
// playwright-core; --no-sandbox when running as root).
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.html': 'text/html', '.txt': 'text/plain', '.json': 'application/json' };

// Cross-origin isolation: Chromium then times performance.now() to 5 µs
// instead of 100 µs (the bench's short batches need it). Everything here is
// same-origin, so nothing else changes.
const ISOLATED = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };

export function serve() {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (path === '/' || path === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html', ...ISOLATED }).end('<!doctype html><title>arxcrypt</title>');
      return;
    }
    const file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...ISOLATED }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` })));
}

export function chromiumPath() {
  const p = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return existsSync(p) ? p : null;
}

export async function launch() {
  const { chromium } = await import('playwright-core');
  const args = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args });
}
