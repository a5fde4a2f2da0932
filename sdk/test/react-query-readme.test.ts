import { readFileSync } from 'node:fs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { transform } from 'esbuild';
import { createElement, type FunctionComponent } from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../src/index.js';
import * as reactQuery from '../src/react-query.js';
import { fakeFetch } from './fake-fetch.js';

// Issue 33: the README's blocks run as tests. Its ```ts blocks run in the package's consumer test on every runtime;
// its TanStack block is a React component, which ran nowhere, so a renamed hook would have left it wrong unnoticed.
// Here it runs as written, in a server render (its hooks run; nothing is fetched): every hook it calls exists and
// keys its query as the README says.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const blocks = [...readme.matchAll(/```tsx\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
const TEAM = '65a1f0c2e4b0a1b2c3d4e5f7';

/** The block's module, its `api` being the one an earlier block made, and what it declares. */
async function run(block: string): Promise<Record<string, unknown>> {
  const { code } = await transform(block, { loader: 'tsx', format: 'cjs', jsx: 'automatic' });
  const modules: Record<string, unknown> = {
    '@runofshow/sdk/react-query': reactQuery,
    'react/jsx-runtime': jsxRuntime,
  };
  const declared = [...block.matchAll(/^(?:export )?function (\w+)/gm)].map((match) => match[1]);
  const api = createApiClient({ endpoint: 'https://api.test', apiKey: 'k', fetch: fakeFetch().fetch, logger: false });
  const exports: Record<string, unknown> = {};
  const body = `${code}\n${declared.map((name) => `exports.${name} = ${name};`).join('\n')}`;
  new Function('require', 'exports', 'api', body)((name: string) => modules[name], exports, api);
  return exports;
}

describe('the README’s TanStack Query block', () => {
  it('is there, once', () => {
    expect(blocks).toHaveLength(1);
  });

  it('runs as written: its queries, its mutation and its infinite list, keyed by operationId and input', async () => {
    const { TeamEvents } = await run(blocks[0] ?? '');
    const client = new QueryClient();
    const page = createElement(TeamEvents as FunctionComponent<{ teamId: string }>, { teamId: TEAM });
    renderToString(createElement(QueryClientProvider, { client }, page));
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([
      ['events.searchByTeam', { params: { teamId: TEAM }, query: { term: 'Show' } }],
      ['activityAudits.listByTeam', { params: { teamId: TEAM }, query: { size: 50 } }, 'pages'],
    ]);
  });
});
