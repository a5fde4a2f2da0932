// The drill's scripted visitors, in a process of their own (started by scripts/drill/run.ts with the test
// certificate in NODE_EXTRA_CA_CERTS, as a visitor's machine trusts a site's): each walks what the sign-in app does,
// through nginx's /api with the SDK in proxy mode, again and again until the time is up. Every write is sent under a
// request id the visitor chose, so the drill can find it in the sandbox's ledger; every error a visitor saw is kept
// with its cause. The verification link comes from the sandbox's outbox, asked of the parent process.
import { randomUUID } from 'node:crypto';
import { SeededRandom } from '@runofshow/mock-server/control';
import { ApiError, createApiClient } from '@runofshow/sdk';

export interface WriteRecord {
  operation: string;
  requestId: string;
  /** The SDK resolved: the visitor saw it succeed. */
  ok: boolean;
}

export interface VisitorError {
  visitor: number;
  operation: string;
  requestId: string;
  status: number;
  cause: string;
}

export type FromVisitors =
  | { type: 'mail'; id: number; email: string }
  | { type: 'done'; writes: WriteRecord[]; errors: VisitorError[]; walks: number; signIns: number; reads: number };

export type ToVisitors = { type: 'mail'; id: number; link: string | undefined };

const site = process.env.DRILL_SITE ?? '';
const visitors = Number(process.env.DRILL_VISITORS ?? 50);
const seconds = Number(process.env.DRILL_SECONDS ?? 30);
/** Writes the visitors make at least, however long it takes (within DRILL_MAX_SECONDS). */
const minWrites = Number(process.env.DRILL_MIN_WRITES ?? 0);
const maxSeconds = Number(process.env.DRILL_MAX_SECONDS ?? 120);
const run = process.env.DRILL_RUN ?? 'run';
const seed = Number(process.env.DRILL_SEED ?? 1);
/** Test-only (the failure proof): take the Idempotency-Key off every write, as an SDK without it would send them. */
const stripKeys = process.env.DRILL_STRIP_KEYS === '1';
const PASSWORD = 'Drill-The-Drill-1';

const writes: WriteRecord[] = [];
const errors: VisitorError[] = [];
let walks = 0;
let signIns = 0;
let reads = 0;

const pending = new Map<number, (link: string | undefined) => void>();
let asked = 0;
process.on('message', (message: ToVisitors) => {
  if (message.type === 'mail') {
    pending.get(message.id)?.(message.link);
    pending.delete(message.id);
  }
});

function mailLink(email: string): Promise<string | undefined> {
  const id = ++asked;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    process.send?.({ type: 'mail', id, email } satisfies FromVisitors);
  });
}

/** The site's page calls its own origin: Origin says so, as a browser's fetch would. */
const pageFetch: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.set('origin', site);
  if (stripKeys) headers.delete('idempotency-key');
  return fetch(input, { ...init, headers });
};

function causeOf(error: unknown): { status: number; cause: string } {
  if (error instanceof ApiError) {
    const body = error.body as { title?: string; detail?: string } | undefined;
    return { status: error.status, cause: `${error.kind} ${error.status}: ${body?.title ?? error.message}` };
  }
  return { status: 0, cause: String(error) };
}

async function visitor(n: number, going: () => boolean): Promise<void> {
  let token: string | undefined;
  const api = createApiClient({
    endpoint: site,
    proxy: `${site}/api`,
    clientId: 'app.login',
    getAccessToken: () => token,
    fetch: pageFetch,
    logger: false,
  });
  /** A write under a request id of the visitor's own, recorded with what the visitor saw. */
  // A visitor reads and types between two calls: 100 to 400 ms, from the drill's seed.
  const random = new SeededRandom((seed + n * 7919) >>> 0);
  const think = () => new Promise((resolve) => setTimeout(resolve, random.between(100, 400)));
  async function write<T>(operation: string, call: (headers: Record<string, string>) => Promise<T>): Promise<T> {
    const requestId = randomUUID();
    await think();
    try {
      const result = await call({ 'X-Request-Id': requestId });
      writes.push({ operation, requestId, ok: true });
      return result;
    } catch (error) {
      writes.push({ operation, requestId, ok: false });
      errors.push({ visitor: n, operation, requestId, ...causeOf(error) });
      throw error;
    }
  }
  async function read<T>(operation: string, call: () => Promise<T>): Promise<T> {
    reads++;
    await think();
    try {
      return await call();
    } catch (error) {
      errors.push({ visitor: n, operation, requestId: '', ...causeOf(error) });
      throw error;
    }
  }

  for (let i = 0; going(); i++) {
    const email = `drill.${run}.${n}.${i}@example.com`;
    token = undefined;
    try {
      // Sign-up as the app does it: create the account, sign in, create the team.
      await write('users.create', (headers) =>
        api.users.create({
          payload: {
            firstName: 'Drill',
            lastName: `Visitor ${n}`,
            email,
            password: PASSWORD,
            captcha: 'development-captcha-bypass',
            industry: 'Corporate',
            timezone: 'Europe/Paris',
          },
          headers,
        }),
      );
      token = (
        await write('auth.login', (headers) => api.auth.login({ payload: { email, password: PASSWORD }, headers }))
      ).accessToken;
      await write('teams.create', (headers) =>
        api.teams.create({ payload: { title: `Drill ${n}.${i}`, email, defaultTimeZone: 'Europe/Paris' }, headers }),
      );
      // The verification mail, then sign-in as the login page does it.
      let link: string | undefined;
      for (let tries = 0; !link && tries < 50; tries++) {
        link = await mailLink(email);
        if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const verificationToken = decodeURIComponent(/\/verify\/([^/?#]+)/.exec(link ?? '')?.[1] ?? '');
      if (!verificationToken) throw new Error(`no verification mail for ${email}`);
      token = undefined;
      await write('users.verifyEmail', (headers) => api.users.verifyEmail({ payload: { verificationToken }, headers }));
      await read('users.hasTwoFactorAuth', () => api.users.hasTwoFactorAuth({ params: { email } }));
      token = (
        await write('auth.login', (headers) => api.auth.login({ payload: { email, password: PASSWORD }, headers }))
      ).accessToken;
      const user = await read('tokens.getUser', () => api.tokens.getUser());
      if (user.email.toLowerCase() === email) signIns++;
      walks++;
    } catch (error) {
      if (!(error instanceof ApiError)) {
        errors.push({ visitor: n, operation: 'walk', requestId: '', status: 0, cause: String(error) });
      }
    }
  }
}

// At least `seconds`, and until `minWrites` writes are done on a slow (or busy) machine, never past `maxSeconds`.
const started = Date.now();
const going = () => {
  const elapsed = Date.now() - started;
  return elapsed < maxSeconds * 1000 && (elapsed < seconds * 1000 || writes.length < minWrites);
};
await Promise.all(Array.from({ length: visitors }, (_, n) => visitor(n, going)));
process.send?.({ type: 'done', writes, errors, walks, signIns, reads } satisfies FromVisitors, () => process.exit(0));
