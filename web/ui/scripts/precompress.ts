import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes a `.br` and a `.gz` twin of each text asset worth compressing, as a production host or CDN serves them: the
 * host (sirv) sends the twin the client accepts (brotli first), so a visitor downloads (and Lighthouse measures) the
 * real sizes without the server compressing on every request. Both at their highest level: it runs once per build.
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
        const brotli = { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } };
        await writeFile(join(dir, `${file.fileName}.br`), brotliCompressSync(source, brotli));
      }
    },
  };
}
