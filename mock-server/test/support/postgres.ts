import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../src/free-port.js';

/** Debian's PostgreSQL binaries (`apt-get install postgresql`), the newest version installed; undefined without. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version ? join(root, version, 'bin') : undefined;
}

export interface ThrowawayPostgres {
  url: string;
  stop(): void;
}

/**
 * A PostgreSQL cluster of its own in a temporary folder, on a loopback port, gone when stopped. PostgreSQL refuses to
 * run as root, so as root (CI here) the cluster is the `postgres` account's, which Debian's package creates.
 */
export async function startPostgres(bin: string): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-pg-'));
  const data = join(dir, 'data');
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'])), Number(execFileSync('id', ['-g', 'postgres'])));
  }
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, tool), args, { stdio: 'pipe' });
  const port = Number(process.env.TEST_PG_PORT) || (await freePort());
  run('initdb', ['-D', data, '-U', 'sandbox', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // Durability of the server itself is not what the tests measure (the sandbox's own commits are), so no fsync.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', 'start']);
  return {
    url: `postgres://sandbox@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
