// npm pack / npm publish: the embedded modules must exist (npm run build).
import { existsSync } from 'node:fs';
for (const f of ['src/wasm-simd.js', 'src/wasm-scalar.js']) {
  if (!existsSync(new URL(`../${f}`, import.meta.url))) {
    console.error(`${f} is missing: run \`npm run build\` (needs clang-14, lld-14, cmake) first`);
    process.exit(1);
  }
}
