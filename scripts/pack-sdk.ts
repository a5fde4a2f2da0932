import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMissing } from './build.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = (command: 'strip' | 'restore') =>
  execFileSync(process.execPath, [join(root, 'sdk/scripts/pack-manifest.mjs'), command], { stdio: 'inherit' });

/**
 * Packs the SDK as `npm pack -w sdk` does and returns the tarball. Its prepack would clean and compile sdk/dist again
 * (about 10 CPU-s, issue 27) right after `npm test`'s build step compiled it from the same sources, so the build is
 * reused when it is fresh (scripts/build.ts, the content hash of the SDK's inputs) and made when it is not; the
 * manifest is then stripped of the repository-only `source` condition and restored, as prepack and postpack do.
 */
export function packSdk(destination: string): string {
  buildMissing(['sdk']);
  manifest('strip');
  let out: string;
  try {
    out = execFileSync('npm', ['pack', '-w', 'sdk', '--ignore-scripts', '--json', '--pack-destination', destination], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  } finally {
    manifest('restore');
  }
  const [report] = JSON.parse(out.slice(out.indexOf('['))) as {
    filename: string;
    size: number;
    unpackedSize: number;
    entryCount: number;
  }[];
  if (!report) throw new Error('npm pack reported nothing');
  console.log(
    `packed ${report.filename}: ${(report.size / 1000).toFixed(1)} kB, ${report.entryCount} files, ` +
      `${(report.unpackedSize / 1000).toFixed(0)} kB unpacked`,
  );
  return join(destination, report.filename);
}
