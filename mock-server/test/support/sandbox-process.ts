// A sandbox backend alone (no Prism) in a process of its own, over the store its arguments name, for the tests that
// kill it: `sandbox-process.ts <port> [--data <dir>]`, with DATABASE_URL for PostgreSQL. Prints `ready` when it listens.
import { storeOptions } from '../../src/command-line.js';
import { openStore } from '../../src/sandbox/engine/open-store.js';
import { startEngine } from '../../src/sandbox/engine/start.js';
import { SignInSandbox } from '../../src/sandbox/sandbox.js';
import { startSandboxServer } from '../../src/sandbox/server.js';

const [state, store] = await Promise.all([SignInSandbox.seeded(), openStore(storeOptions())]);
const engine = startEngine({ store });
await startSandboxServer(state, Number(process.argv[2]), '127.0.0.1', undefined, undefined, engine);
process.stdout.write('ready\n');
