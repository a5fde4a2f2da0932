import { statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';
import { cacheControl } from './routes.js';
import { acceptedTwins } from './send.js';

export type StaticFiles = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<boolean>;

/**
 * Serves the files of a built folder with sirv (the server Vite's own preview uses): only files present when it is
 * first asked (no path can reach outside), no dotfiles, ETags, and the `.br` or `.gz` twin the build wrote when the
 * client accepts brotli or gzip (with `Vary: Accept-Encoding`). Vite's content-hashed `assets/` may be cached for
 * good; everything else revalidates. Resolves false when there is no such file, so the caller decides what a miss
 * means.
 */
export function staticFiles(root: string): StaticFiles {
  let serve: ReturnType<typeof sirv> | undefined;
  let listed: number | undefined;
  return (req, res, path) =>
    new Promise((resolve) => {
      // The folder may be built after the server started, or rebuilt while it runs (a build empties it first, which
      // changes the folder's own time): sirv lists files once, so list again when the folder changed. Without this a
      // rebuilt app's new files were 404s, and a deleted file's stream failed with no one to catch it.
      const changed = statSync(root, { throwIfNoEntry: false })?.mtimeMs;
      if (changed === undefined) return resolve(false);
      if (!serve || changed !== listed) {
        listed = changed;
        serve = sirv(root, {
          dev: false,
          etag: true,
          gzip: true,
          brotli: true,
          extensions: [],
          setHeaders: (response, pathname) => {
            const immutable = pathname.startsWith('/assets/');
            response.setHeader('Cache-Control', immutable ? cacheControl.hashed : cacheControl.page);
          },
        });
      }
      // The app has no use for ranges, and sirv reads a malformed one as an out-of-range stream.
      delete req.headers.range;
      // sirv looks for the words `br` and `gzip` alone: `br;q=0` (the client refuses brotli) got brotli.
      const accepted = req.headers['accept-encoding'];
      req.headers['accept-encoding'] = acceptedTwins(accepted).join(', ');
      const original = req.url;
      req.url = path;
      serve(req, res, () => {
        // A miss is answered by the caller, which reads the request as it came (its own documents honour `*`).
        req.url = original;
        req.headers['accept-encoding'] = accepted;
        resolve(false);
      });
      if (res.headersSent) resolve(true);
    });
}
