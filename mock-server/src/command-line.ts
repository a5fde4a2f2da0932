// What the long-running commands (`npm start`, `npm run dev`, `npm run mock`, `npm run mock:proxy`) share: where they
// serve, how Ctrl-C stops them, and the fixture the sandbox starts from.
import { readFileSync } from 'node:fs';
import { type Fixture, fixtureProblem } from './control/fixture.js';

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
