// The sandbox's PostgreSQL tests (mock-server/test/engine-store-postgres.test.ts) start a throwaway cluster of Debian's
// PostgreSQL. When it is missing and we are root on Debian, install it with apt-get (as ensure-nginx.ts does);
// otherwise that test file skips, saying why.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const ROOT = '/usr/lib/postgresql';

const installed = () =>
  existsSync(ROOT) && readdirSync(ROOT).some((version) => existsSync(`${ROOT}/${version}/bin/initdb`));

export function ensurePostgres(): void {
  if (installed()) return;
  const isRoot = process.getuid?.() === 0;
  const isDebian = existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');
  if (!isRoot || !isDebian) {
    console.warn('PostgreSQL is not installed: its sandbox tests will skip (sudo apt-get install -y postgresql).');
    return;
  }
  console.log('PostgreSQL is missing: installing postgresql with apt-get…');
  const run = (args: string[]) =>
    spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
      .status === 0;
  if (run(['update', '-qq']) && run(['install', '-y', '-qq', 'postgresql']) && installed()) return;
  throw new Error('apt-get could not install postgresql; install it by hand: apt-get install -y postgresql');
}
