import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes a `.gz` twin of each text asset worth compressing, as a production host or CDN serves it: the site server
 * (sirv) sends the twin to clients that accept gzip, so a visitor downloads (and Lighthouse measures) the real sizes
 * without the server compressing on every request.
 */
export function precompress(): Plugin {
  return {
    name: 'runofshow:precompress',
    apply: 'build',
    enforce: 'post',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        if (Buffer.byteLength(source) <= 1024) continue;
        await writeFile(join(dir, `${file.fileName}.gz`), gzipSync(source, { level: 9 }));
      }
    },
  };
}
