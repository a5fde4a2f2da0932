// The nginx tests, the drill and `npm run load` run Debian's nginx with its brotli module. When it is missing and we
// are root on Debian, install both with apt-get (as devkit/chromium.ts does for the browser); otherwise say how.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DEBIAN_BROTLI_MODULE, NGINX } from '@runofshow/server/nginx';

export const NGINX_PACKAGES = ['nginx', 'libnginx-mod-http-brotli-static'];

export function ensureNginx(): void {
  const brotli = process.env.NGINX_BROTLI_MODULE ?? DEBIAN_BROTLI_MODULE;
  if (existsSync(NGINX) && (brotli === 'off' || existsSync(brotli))) return;
  const isRoot = process.getuid?.() === 0;
  const isDebian = existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');
  if (isRoot && isDebian) {
    console.log(`nginx or its brotli module is missing: installing ${NGINX_PACKAGES.join(' ')} with apt-get…`);
    const run = (args: string[]) =>
      spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
        .status === 0;
    if (run(['update', '-qq']) && run(['install', '-y', '-qq', ...NGINX_PACKAGES]) && existsSync(NGINX)) return;
    throw new Error(
      `apt-get could not install nginx; install it by hand: apt-get install -y ${NGINX_PACKAGES.join(' ')}`,
    );
  }
  throw new Error(
    `The nginx tests and the drill need Debian's nginx at ${NGINX} and its brotli module at ${brotli}. On Debian or ` +
      `Ubuntu run: sudo apt-get install -y ${NGINX_PACKAGES.join(' ')} (or set NGINX_PATH, NGINX_BROTLI_MODULE=off).`,
  );
}
