// The scripted session of issue 32 (a sign-up, a sign-in, a team, an event, a show, a bad request, faults on three
// calls), run against the HTTP mock, the MSW twin in Node (test/control-api.test.ts) and the twin in Chromium behind
// MSW's service worker (scripts/msw-chromium.ts). Plain fetch and the SDK: it runs in a page as it does in Node.
import { createApiClient } from '@runofshow/sdk';
import type { JournalEntry } from '../../src/control/journal.js';
import { SEED_PASSWORD } from '../../src/sandbox/seed.js';

export interface Seen {
  status: number | null;
  body: unknown;
}

/** Ids, tokens and times differ between two sandboxes by design; everything else must not. */
export function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v)]));
  }
  if (typeof value !== 'string') return value;
  if (/^[0-9a-f]{24}$/.test(value) || /^gp_[0-9a-f]+$/.test(value)) return '<id>';
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value)) return '<time>';
  if (/^[\w-]{32,}$/.test(value) || /^ey[\w-]+\.[\w-]+\.[\w-]+$/.test(value)) return '<token>';
  return value;
}

/** The script: a sign-up, a sign-in, a team, an event, a show, a bad request, and faults on three calls. */
export async function session(
  base: string,
): Promise<{ resetStatus: number; answers: Seen[]; journal: JournalEntry[] }> {
  const control = (method: string, path: string, body?: unknown) =>
    fetch(`${base}/__mock${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
  const resetStatus = (await control('POST', '/reset')).status;
  await control('POST', '/rules', { operations: ['users.create'], fault: { kind: 'lost' }, times: 1 });
  await control('POST', '/rules', { operations: ['auth.login'], fault: { kind: 'status', status: 503 }, times: 1 });
  await control('POST', '/rules', { operations: ['shows.create'], fault: { kind: 'cut' }, times: 1 });
  let accessToken: string | undefined;
  const client = createApiClient({
    endpoint: base,
    apiKey: 'twin-test',
    logger: false,
    getAccessToken: () => accessToken,
  });
  const answers: Seen[] = [];
  const keep = async <T>(call: Promise<T>): Promise<T> => {
    const body = await call;
    answers.push({ status: 200, body: normalize(body) });
    return body;
  };
  await keep(
    client.users.create({
      payload: {
        firstName: 'Tess',
        lastName: 'Twin',
        email: 'tess.twin@example.com',
        password: 'Twin-Session-42!',
        captcha: 'x',
        industry: 'Corporate',
      },
    }),
  );
  const signedIn = await keep(client.auth.login({ payload: { email: 'ada@example.com', password: SEED_PASSWORD } }));
  accessToken = signedIn.accessToken;
  const team = await keep(client.teams.create({ payload: { title: 'Twin Productions' } }));
  const event = await keep(
    client.events.create({ params: { teamId: String(team._id) }, payload: { title: 'Twin gala' } }),
  );
  await keep(
    client.shows.create({
      params: { teamId: String(team._id), eventId: String(event._id) },
      payload: { title: 'Twin show' },
    }),
  );
  // A call that breaks the description, sent as is (the SDK would not send it).
  const bad = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'twin-test' },
    body: JSON.stringify({ email: 'not-an-email', password: 'abc' }),
  });
  answers.push({ status: bad.status, body: normalize(await bad.json()) });
  const journal = ((await (await control('GET', '/journal')).json()) as { entries: JournalEntry[] }).entries;
  return { resetStatus, answers, journal };
}

/** A journal entry but for what differs by design: when, how long, which transport, which ids. */
export const comparable = (e: JournalEntry) => ({
  method: e.method,
  path: e.path.replace(/[0-9a-f]{24}/g, '<id>'),
  operationId: e.operationId,
  idempotencyKey: e.idempotencyKey === null ? null : '<key>',
  requestId: e.requestId === null ? null : '<id>',
  caller: e.caller,
  status: e.status,
  fault: e.fault,
  applied: e.applied,
  violations: e.violations.length,
  body: normalize(e.body),
});
