import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticFile {
  body: Buffer;
  type: string;
  /** True for Vite's content-hashed assets, which may be cached for good. */
  immutable: boolean;
}

/** Reads `relativePath` inside `root`, refusing anything that would step outside it. */
export async function readStatic(root: string, relativePath: string): Promise<StaticFile | undefined> {
  const base = resolve(root);
  const file = resolve(base, `.${sep}${relativePath}`);
  if (file !== base && !file.startsWith(base + sep)) return undefined;
  try {
    if (!(await stat(file)).isFile()) return undefined;
    return {
      body: await readFile(file),
      type: TYPES[extname(file)] ?? 'application/octet-stream',
      immutable: /[/\\]assets[/\\]/.test(file),
    };
  } catch {
    return undefined;
  }
}
