// Issue 29 F1: through nginx → a host (TRUST_PROXY=on) → the mock, each visitor is counted by their own address.
// Two visitors on their own source addresses (127.0.0.2 and 127.0.0.3, bound as curl's --interface binds), one of
// them spending its per-client limits: the other must not feel it. Before the fix the sandbox counted every visitor
// as nginx's address, so the second visitor's first sign-up got 429 with Retry-After: 3598.
import { randomUUID } from 'node:crypto';
import { request } from 'node:https';
import { LIMITS } from '@runofshow/mock-server/sandbox/limits';

export const VISITOR_A = '127.0.0.2';
export const VISITOR_B = '127.0.0.3';

interface Answer {
  status: number;
  retryAfter: string | undefined;
}

/** One proxy call from `localAddress`, as the app's page makes it (POST /api/{operation}, the envelope, Origin). */
function call(site: string, ca: string, localAddress: string, operation: string, envelope: unknown): Promise<Answer> {
  const url = new URL(`/api/${operation}`, site);
  const body = JSON.stringify(envelope);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        // nginx listens on 127.0.0.1; the name stays the site's (Host, SNI and the certificate's check).
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        servername: url.hostname,
        ca,
        agent: false,
        headers: {
          host: url.host,
          origin: site,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'x-request-id': randomUUID(),
          'idempotency-key': randomUUID(),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? 0, retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const signUp = (email: string) => ({
  payload: {
    firstName: 'Two',
    lastName: 'Visitors',
    email,
    password: 'Drill-The-Drill-1',
    captcha: 'development-captcha-bypass',
    industry: 'Corporate',
    timezone: 'Europe/Paris',
  },
  clientId: 'app.login',
});
const reset = (email: string) => ({
  params: { email },
  payload: { captcha: 'development-captcha-bypass' },
  clientId: 'app.login',
});

/** Figures for the drill's table, and what broke the rule (empty when each visitor was counted alone). */
export async function twoVisitors(site: string, ca: string, run: string): Promise<{ row: string; failures: string[] }> {
  const failures: string[] = [];
  const address = (who: string, what: string, n: number) => `two.${run}.${who}.${what}${n}@example.com`;
  const signUps = LIMITS.signUpsPerClient.max;
  const mails = LIMITS.mailPerClient.max;

  // Visitor A spends its sign-ups, then the rest of its mail on reset requests (each to another address).
  const aSignUps: number[] = [];
  for (let n = 0; n <= signUps; n++) {
    aSignUps.push((await call(site, ca, VISITOR_A, 'users.create', signUp(address('a', 'up', n)))).status);
  }
  const aResets: number[] = [];
  for (let n = 0; n <= mails - signUps; n++) {
    aResets.push(
      (await call(site, ca, VISITOR_A, 'users.createPasswordRecoveryToken', reset(address('a', 'rs', n)))).status,
    );
  }
  const bSignUp = await call(site, ca, VISITOR_B, 'users.create', signUp(address('b', 'up', 0)));
  const bReset = await call(site, ca, VISITOR_B, 'users.createPasswordRecoveryToken', reset(address('b', 'rs', 0)));

  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
  if (count(aSignUps, 201) !== signUps || aSignUps.at(-1) !== 429) {
    failures.push(`visitor ${VISITOR_A}'s sign-ups answered ${aSignUps.join(' ')} (${signUps} × 201, then 429 wanted)`);
  }
  if (count(aResets, 202) !== mails - signUps || aResets.at(-1) !== 429) {
    failures.push(
      `visitor ${VISITOR_A}'s reset requests answered ${aResets.join(' ')} (${mails - signUps} × 202, then 429)`,
    );
  }
  if (bSignUp.status !== 201) {
    failures.push(
      `visitor ${VISITOR_B}'s first sign-up answered ${bSignUp.status}${bSignUp.retryAfter ? ` (Retry-After ${bSignUp.retryAfter})` : ''} after ${VISITOR_A} spent its limits`,
    );
  }
  if (bReset.status !== 202) failures.push(`visitor ${VISITOR_B}'s first reset request answered ${bReset.status}`);
  const row = `${VISITOR_A}: ${count(aSignUps, 201)} sign-ups then ${aSignUps.at(-1)}, ${count(aResets, 202)} resets then ${aResets.at(-1)}; ${VISITOR_B} after it: sign-up ${bSignUp.status}, reset ${bReset.status}`;
  return { row, failures };
}
