// What the long-running commands (`npm start`, `npm run dev`, `npm run mock`, `npm run mock:proxy`) share: where they
// serve, where the sandbox keeps its state, the fixture it starts from, and how Ctrl-C stops them.
import { readFileSync } from 'node:fs';
import { type Fixture, fixtureProblem } from './control/fixture.js';
import type { StoreOptions } from './sandbox/engine/open-store.js';

/** 127.0.0.1, with the site on $PORT (5173) and the mock on $MOCK_PORT (4010). */
export function addresses(env: NodeJS.ProcessEnv = process.env): { host: string; port: number; mockPort: number } {
  return { host: '127.0.0.1', port: Number(env.PORT ?? 5173), mockPort: Number(env.MOCK_PORT ?? 4010) };
}

/** On Ctrl-C or SIGTERM, once: says so, runs `last` (e.g. a report), awaits `stop`, then exits. */
export function stopOnSignal(stop: () => Promise<unknown>, last?: () => void): void {
  let stopping = false;
  const onSignal = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    last?.();
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void onSignal('SIGINT'));
  process.on('SIGTERM', () => void onSignal('SIGTERM'));
}

/**
 * Where the sandbox keeps its state: `--data <dir>` (embedded PGlite in that folder, kept across restarts) or
 * `DATABASE_URL` (a PostgreSQL server that several instances can share, which wins); in memory without either.
 */
export function storeOptions(
  argv: readonly string[] = process.argv,
  env: NodeJS.ProcessEnv = process.env,
): StoreOptions {
  const at = argv.indexOf('--data');
  const data = at >= 0 ? argv[at + 1] : undefined;
  if (at >= 0 && (!data || data.startsWith('--'))) {
    console.error('--data needs a folder: --data <dir>');
    process.exit(2);
  }
  return { ...(data ? { data } : {}), ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}) };
}

/**
 * The fixture named by `--fixture file.json` (or `--fixture=file.json`), read and checked; undefined without one.
 * Throws with the file and what is wrong with it, so a bad file stops the start instead of a half-loaded sandbox.
 */
export function fixtureOption(argv: readonly string[] = process.argv): Fixture | undefined {
  const at = argv.findIndex((arg) => arg === '--fixture' || arg.startsWith('--fixture='));
  if (at === -1) return undefined;
  const file = argv[at]?.startsWith('--fixture=') ? argv[at].slice('--fixture='.length) : argv[at + 1];
  if (!file) throw new Error('--fixture needs a file: --fixture world.json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`--fixture ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const problem = fixtureProblem(parsed);
  if (problem) throw new Error(`--fixture ${file}: ${problem}`);
  return parsed as Fixture;
}
