import { startEngine } from '../src/sandbox/engine/start.js';
import { SignInSandbox } from '../src/sandbox/sandbox.js';
import { startSandboxServer } from '../src/sandbox/server.js';
import { walkEveryOperation } from '../test/support/every-operation.js';

const state = await SignInSandbox.seeded();
const engine = startEngine();
const server = await startSandboxServer(state, 4332, '127.0.0.1', undefined, undefined, engine);
const outcomes = await walkEveryOperation('http://127.0.0.1:4331');
const bad = outcomes.filter((o) => o.status >= 300 || o.answeredBy !== 'state');
for (const o of bad)
  console.log(
    o.operationId,
    o.status,
    o.answeredBy,
    o.status === 500 || o.answeredBy === null ? o.detail.replace(/\s+/g, ' ').slice(250, 900) : '',
  );
console.log(
  'total',
  outcomes.length,
  '2xx',
  outcomes.filter((o) => o.status < 300).length,
  'not state',
  outcomes.filter((o) => o.answeredBy !== 'state').length,
);
await server.stop();
