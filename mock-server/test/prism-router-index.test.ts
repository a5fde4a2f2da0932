import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// src/prism-router-index.cjs, preloaded into Prism: the router is handed only the operations a path can match, and
// chooses exactly what it chose from all of them, errors included.
const require = createRequire(import.meta.url);
const prismHttpRequire = createRequire(
  createRequire(require.resolve('@stoplight/prism-cli/package.json')).resolve('@stoplight/prism-http/package.json'),
);
// The operations as Prism reads them, with its preloaded copy of the description (src/prism.ts).
require('../src/prism-decycle.cjs');
const { getHttpOperationsFromSpec } = prismHttpRequire('@stoplight/prism-http');
const router = prismHttpRequire('./dist/router/index.js');
const original = router.default;
const { installOn } = require('../src/prism-router-index.cjs');

interface Operation {
  id: string;
  method: string;
  path: string;
}
type Routed = { _tag: 'Left'; left: Error } | { _tag: 'Right'; right: Operation };
type Route = (options: { resources: Operation[]; input: object }) => Routed;

const verdict = (routed: Routed) =>
  routed._tag === 'Right' ? `operation ${routed.right.id}` : `error ${routed.left.name}: ${routed.left.message}`;

let operations: Operation[];
let indexed: Route;

beforeAll(async () => {
  operations = await getHttpOperationsFromSpec(
    fileURLToPath(new URL('../../openapi/dist/openapi.json', import.meta.url)),
  );
  const module = { default: original };
  expect(installOn(module)).toBe(true);
  indexed = module.default;
}, 60_000);

describe("Prism's router with the index", () => {
  it('chooses what Prism chooses for every operation of the description, and for paths no operation has', () => {
    // Each operation as itself; every seventh also with another method and with a trailing slash (errors both).
    const inputs = operations.flatMap((operation, i) => {
      const filled = operation.path.replace(/\{[^}]+\}/g, 'ada%40example.com');
      const same = { method: operation.method, url: { path: filled } };
      if (i % 7) return [same];
      return [
        same,
        { method: operation.method === 'get' ? 'delete' : 'get', url: { path: filled } },
        { method: operation.method, url: { path: `${filled}/` } },
      ];
    });
    inputs.push(
      { method: 'get', url: { path: '/nothing/here' } },
      { method: 'get', url: { path: '/' } },
      { method: 'get', url: { path: '//teams' } },
      { method: 'get', url: { path: '/users/%E0%A4%A/has2fa' } },
      { method: 'get', url: { path: 'users' } },
    );
    const differences = inputs.filter((input) => {
      const want = verdict(original({ resources: operations, input }));
      return verdict(indexed({ resources: operations, input })) !== want;
    });
    expect(inputs.length).toBeGreaterThan(operations.length);
    expect(differences).toEqual([]);
  });

  it('hands the router the operations a path can match, not all of them', () => {
    const handed: string[][] = [];
    const module = {
      default: (options: { resources: Operation[]; input: object }) => {
        handed.push(options.resources.map((operation) => `${operation.method} ${operation.path}`));
        return original(options);
      },
    };
    installOn(module);
    module.default({
      resources: operations,
      input: { method: 'get', url: { path: '/users/ada%40example.com/has2fa' } },
    });
    expect(handed).toEqual([['get /users/{email}/has2fa']]);
    module.default({ resources: operations, input: { method: 'get', url: { path: '/nothing/here' } } });
    expect(handed[1]).toHaveLength(operations.length);
  });
});
