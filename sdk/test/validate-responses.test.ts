import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, ResponseContractError } from '../src/index.js';
import { captureLogger, fakeFetch } from './fake-fetch.js';

// Issue 30: `validateResponses: true` checks each answer against its operation's schema in the description, so a
// backend that drifts fails loudly in development and QA; off, nothing changes and nothing of it is loaded.

const EVENT = {
  _id: '65a1f0c2e4b0a1b2c3d4e601',
  teamId: '65a1f0c2e4b0a1b2c3d4e5f7',
  title: 'Autumn Product Launch',
  startOn: null,
  endOn: null,
  timezone: 'Europe/London',
  owner: '65a1f0c2e4b0a1b2c3d4e5f6',
  createdBy: '65a1f0c2e4b0a1b2c3d4e5f6',
  labels: [],
  archived: false,
  deleted: false,
  isTrialEvent: false,
};
/** The same event as a backend that drifted answers it: its id under another name, its start not a date-time. */
const DRIFTED = { ...EVENT, _id: undefined, eventId: EVENT._id, startOn: 'next Tuesday' };

const client = (body: unknown, validateResponses = false) => {
  const { fetch } = fakeFetch(() => Response.json(body));
  const { logger, entries } = captureLogger();
  const api = createApiClient({ endpoint: 'https://api.test', apiKey: 'k', fetch, logger, validateResponses });
  return { api, entries };
};

describe('validateResponses', () => {
  it('rejects an answer that breaks its schema with a typed error naming where, never the values', async () => {
    const { api, entries } = client(DRIFTED, true);
    const error = await api.events.get({ params: { eventId: EVENT._id } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseContractError);
    expect(error).toBeInstanceOf(ApiError);
    const contract = error as ResponseContractError;
    expect(contract.kind).toBe('contract');
    expect(contract.status).toBe(200);
    expect(contract.operationId).toBe('events.get');
    expect(contract.problems.join('\n')).toMatch(/^\/: .*"_id"/m);
    expect(contract.problems.join('\n')).toMatch(/^\/startOn: /m);
    expect(contract.message).not.toContain('next Tuesday');
    expect(entries.map((entry) => entry.message)).toEqual([contract.message]);
  });

  it('checks list answers item by item', async () => {
    const { api } = client([EVENT, DRIFTED], true);
    const error = (await api.events.listByUser({ params: { userId: EVENT.owner } }).catch((e) => e)) as Error;
    expect((error as ResponseContractError).problems?.join('\n')).toMatch(/^\/1\/startOn: /m);
  });

  it('resolves an answer that keeps its contract', async () => {
    const { api } = client(EVENT, true);
    await expect(api.events.get({ params: { eventId: EVENT._id } })).resolves.toEqual(EVENT);
  });

  it('is off by default: the drifted answer resolves as it came', async () => {
    const { api } = client(DRIFTED);
    await expect(api.events.get({ params: { eventId: EVENT._id } })).resolves.toEqual(DRIFTED);
  });

  it('costs a client without it no schema bytes: they are a chunk of their own, loaded by the option', async () => {
    const out = await build({
      entryPoints: [new URL('../src/index.ts', import.meta.url).pathname],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      outdir: 'out',
      write: false,
      minify: true,
    });
    const [entry, ...chunks] = out.outputFiles.filter((file) => file.path.endsWith('.js'));
    const schemaText = 'urn:runofshow:answers';
    expect(entry?.text).not.toContain(schemaText);
    expect(chunks.some((chunk) => chunk.text.includes(schemaText))).toBe(true);
  });
});
