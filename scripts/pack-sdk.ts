import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Packs the SDK (prepack builds it and drops the repository-only `source` condition) and returns the tarball. */
export function packSdk(destination: string): string {
  const out = execFileSync('npm', ['pack', '-w', 'sdk', '--json', '--pack-destination', destination], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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
