// For the stores' unit tests: the app's own API client (lib/api/api.ts) in proxy mode, as production runs it, over a
// fetch that answers from a script and records every call's operation and envelope. Only globals are replaced (the
// page's settings, `fetch`), never a module.
import { vi } from 'vitest';

export interface SentCall {
  /** The operationId the call went to (`POST /api/{operationId}`). */
  operation: string;
  /** The envelope: `{ params, query, payload, clientId }`. */
  envelope: Record<string, unknown>;
}

type Answer = (call: SentCall) => Response;

let answer: Answer = () => Response.json({});
export const sent: SentCall[] = [];

/** Stubs the page (proxy mode at https://app.test) and `fetch`, once per test file, before the client loads. */
export function installFakeApi(): void {
  vi.stubGlobal('document', {
    querySelector: (selector: string) => (selector.includes('api-mode') ? { content: 'proxy' } : null),
  });
  vi.stubGlobal('location', { origin: 'https://app.test', href: 'https://app.test/app.login/' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = {
      operation: new URL(url).pathname.replace(/^\/api\//, ''),
      envelope: JSON.parse(String(init.body)) as Record<string, unknown>,
    };
    sent.push(call);
    return answer(call);
  });
  // The app logs every failed call (§8): the answers these tests script are expected ones.
  vi.spyOn(console, 'error').mockImplementation(() => {});
}

/** What the fake API answers from now on; forgets the calls sent so far. */
export function answerWith(next: Answer): void {
  answer = next;
  sent.length = 0;
}

export const problem = (status: number, headers: Record<string, string> = {}) =>
  Response.json(
    { type: 'about:blank', title: `Status ${status}`, status },
    { status, headers: { 'content-type': 'application/problem+json', ...headers } },
  );

export const signedIn = {
  accessToken: 'a'.repeat(32),
  user: { _id: '5f8d0d55b54764421b7156c3', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
};
