// `@runofshow/mock-server/msw`: the sandbox inside MSW 2 (issue 32), for component tests in Node (msw/node's
// setupServer) and in a browser (msw/browser's setupWorker), with the same controls, journal and fixtures as the mock
// `npm start` runs. No server: each request the app makes is answered by the twin (twin.ts) in the test's own process.

// The bundle `npm run build` makes, without what only a reader needs (openapi/dist/openapi.msw.json, slim-description.ts).
import description from '@runofshow/openapi/openapi.msw.json' with { type: 'json' };
import { HttpResponse, http, type RequestHandler } from 'msw';
import type { Control } from '../control/control.js';
import type { Description } from '../validate-request.js';
import { createTwin, type Twin, type TwinOptions } from './twin.js';

export interface MswSandboxOptions extends Omit<TwinOptions, 'description' | 'origin'> {
  /**
   * The address the app calls the API at (its `baseUrl`, e.g. `http://localhost:5173/api` or
   * `https://api.example.com`): calls under it are the sandbox's, the rest MSW passes on. Any origin by default.
   */
  baseUrl?: string;
}

export interface MswSandbox {
  /** For `setupServer(...handlers)` or `setupWorker(...handlers)`. */
  handlers: RequestHandler[];
  /** Faults and latency, the journal, the fixture: what the control API drives, at hand. */
  control: Control;
  twin: Twin;
}

/** The sandbox's MSW handlers and its controls. */
export async function mswSandbox(options: MswSandboxOptions = {}): Promise<MswSandbox> {
  const base = (options.baseUrl ?? '').replace(/\/+$/, '');
  const twin = await createTwin({
    ...options,
    description: description as unknown as Description,
    ...(base ? { origin: new URL(base).origin } : {}),
  });
  const strip = base ? new URL(base).pathname.replace(/\/+$/, '') : '';
  const handler = http.all(base ? `${base}/*` : '*', async ({ request }) => {
    // The sandbox's paths are the description's: an app behind `/api` calls `/api/login`, the sandbox `/login`.
    const url = new URL(request.url);
    if (strip) url.pathname = url.pathname.slice(strip.length) || '/';
    const inner = new Request(url, {
      method: request.method,
      headers: request.headers,
      ...(request.method === 'GET' || request.method === 'HEAD' ? {} : { body: await request.arrayBuffer() }),
    });
    const answer = await twin.answer(inner);
    if (answer.kind === 'cut') return HttpResponse.error();
    const noBody = request.method === 'HEAD' || answer.status === 204 || answer.status === 304;
    return new HttpResponse(noBody ? null : (answer.body as Uint8Array<ArrayBuffer>), {
      status: answer.status,
      headers: answer.headers,
    });
  });
  return { handlers: [handler], control: twin.control, twin };
}

/** Just the handlers (`setupServer(...(await handlers()))`); `mswSandbox` gives the controls with them. */
export async function handlers(options: MswSandboxOptions = {}): Promise<RequestHandler[]> {
  return (await mswSandbox(options)).handlers;
}

export { callsOf, expectCalled, expectNoWriteAppliedTwice } from '../control/assert.js';
export type { RuleInput } from '../control/faults.js';
export type { Fixture } from '../control/fixture.js';
export type { JournalEntry } from '../control/journal.js';
