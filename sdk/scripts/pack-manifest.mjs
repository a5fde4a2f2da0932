// The manifest as packed. Inside the repository every workspace resolves this package to its TypeScript through the
// `source` export condition (tsx, Vite and tsc run with it), so nothing needs a build first. A published package
// must name only files it ships, and src/ is not shipped: `strip` (prepack, after the build) writes package.json
// without the `source` conditions and keeps the repository's own; `restore` (postpack) puts it back.
// A pack that died half-way is repaired by the next `strip` or `restore`.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const manifest = new URL('../package.json', import.meta.url);
const kept = new URL('../.package.repo.json', import.meta.url);

function restore() {
  if (existsSync(kept)) renameSync(kept, manifest);
}

function strip() {
  restore();
  const text = readFileSync(manifest, 'utf8');
  const pkg = JSON.parse(text);
  for (const entry of Object.values(pkg.exports ?? {})) {
    if (entry && typeof entry === 'object') delete entry.source;
  }
  writeFileSync(kept, text);
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
}

const command = process.argv[2];
if (command === 'strip') strip();
else if (command === 'restore') restore();
else {
  console.error('usage: pack-manifest.mjs strip|restore');
  process.exit(2);
}
