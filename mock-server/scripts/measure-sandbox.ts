// Figures for issue 20's note (measured, never asserted), all through the mock's public address with Prism's
// validating proxy in front of the sandbox, as the app calls it:
// - sign-in answer times for a known and an unknown address (median of 50 wrong passwords each, on fresh addresses);
// - outbox GET time at 3,000 mails;
// - mail and sign-up throughput from one client (a 3 s burst each: answers accepted, answers per second);
// - the mock's resident memory while a 150 MB body is sent to its public address.
// Run: npx tsx --conditions=source mock-server/scripts/measure-sandbox.ts
import { request } from 'node:http';
import { freePort } from '../src/free-port.js';
import { startStack } from '../src/stack.js';

const stack = await startStack({ port: await freePort(), mockPort: await freePort(), sandbox: true });
const mock = stack.mock.url;
const state = stack.sandbox?.state;
if (!state) throw new Error('the sandbox did not start');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function post(path: string, body: unknown): Promise<number> {
  const response = await fetch(`${mock}${path}`, {
    method: 'POST',
    headers: { 'X-Api-Key': 'measure', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

async function timedLogin(email: string): Promise<{ ms: number; status: number }> {
  const t0 = performance.now();
  const status = await post('/login', { email, password: 'not-the-password' });
  return { ms: performance.now() - t0, status };
}

// Known: 50 accounts made in the sandbox itself (no sign-up limit involved), one wrong password each; unknown: 50
// addresses nobody has. Interleaved, so load affects both alike.
const known: number[] = [];
const unknown: number[] = [];
const statuses = { known: new Map<number, number>(), unknown: new Map<number, number>() };
const count = (map: Map<number, number>, status: number) => map.set(status, (map.get(status) ?? 0) + 1);
for (let i = 0; i < 50; i++) {
  const email = `timing.${i}@example.com`;
  await state.createUser({
    firstName: 'Tim',
    lastName: 'Ing',
    email,
    password: 'Timing-Pass-word-1',
    captcha: 'c',
    isVerified: true,
  });
}
for (let i = 0; i < 5; i++) await timedLogin(`warm.${i}@example.com`);
for (let i = 0; i < 50; i++) {
  const a = await timedLogin(`timing.${i}@example.com`);
  const b = await timedLogin(`nobody.${i}@example.com`);
  known.push(a.ms);
  unknown.push(b.ms);
  count(statuses.known, a.status);
  count(statuses.unknown, b.status);
}
console.log(
  `sign-in answer, median of 50: known address ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms (statuses known ${[...statuses.known].map(([s, n]) => `${n}×${s}`).join(' ')}, unknown ${[...statuses.unknown].map(([s, n]) => `${n}×${s}`).join(' ')})`,
);

// Five failures in a row, each on its own address: what a known and an unknown address answer.
async function fiveFailures(email: string): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < 6; i++) answers.push(await post('/login', { email, password: 'not-the-password' }));
  return answers;
}
console.log(
  `six wrong passwords: known ${(await fiveFailures('timing.0@example.com')).join(' ')}; unknown ${(await fiveFailures('nobody.lock@example.com')).join(' ')}`,
);

// The outbox at 3,000 mails (sent straight into it: the limits on mail are not what is measured here).
while (state.outbox.list().length < 3000) {
  state.outbox.send(
    { to: 'bulk@example.com', kind: 'reset', subject: 'Reset your password', link: '/app.login/reset/x?email=b' },
    new Date(),
  );
}
async function outboxGet(base: string): Promise<number> {
  const t0 = performance.now();
  const response = await fetch(`${base}/outbox/`, { headers: { 'accept-encoding': 'gzip' } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`outbox answered ${response.status}`);
  return performance.now() - t0;
}
for (let i = 0; i < 3; i++) await outboxGet(stack.site.url);
const outboxTimes: number[] = [];
for (let i = 0; i < 20; i++) outboxTimes.push(await outboxGet(stack.site.url));
const onMock = await fetch(`${mock}/outbox/`).then((r) => r.status);
const mockTimes: number[] = [];
if (onMock === 200) for (let i = 0; i < 20; i++) mockTimes.push(await outboxGet(mock));
console.log(
  `outbox GET at ${state.outbox.list().length} mails, median of 20: site ${median(outboxTimes).toFixed(1)} ms; mock's port ${onMock === 200 ? `${median(mockTimes).toFixed(1)} ms` : `answers ${onMock}`}`,
);

/** Calls `send` back to back (8 at a time) for `ms`, counting the answers by status. */
async function burst(ms: number, send: (i: number) => Promise<number>): Promise<Map<number, number>> {
  const answers = new Map<number, number>();
  const end = performance.now() + ms;
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (performance.now() < end) count(answers, await send(next++));
    }),
  );
  return answers;
}
const describe = (answers: Map<number, number>, ms: number) =>
  `${[...answers].map(([s, n]) => `${n}×${s}`).join(' ')} (${([...answers.values()].reduce((a, b) => a + b, 0) / (ms / 1000)).toFixed(0)} answers/s, ${((answers.get(201) ?? answers.get(202) ?? 0) / (ms / 1000)).toFixed(1)} accepted/s)`;
const mailBefore = state.outbox.list().length;
const mails = await burst(3000, () => post('/users/ada%40example.com/passwordRecoveryToken', { captcha: 'c' }));
console.log(
  `reset mail to one address, 3 s burst: ${describe(mails, 3000)}; mails sent ${state.outbox.list().length - mailBefore}`,
);
const mailsMany = await burst(3000, (i) =>
  post(`/users/many.${i}%40example.com/passwordRecoveryToken`, { captcha: 'c' }),
);
console.log(`reset requests to many addresses, 3 s burst: ${describe(mailsMany, 3000)}`);
const stamp = Date.now().toString(36);
const signUps = await burst(3000, (i) =>
  post('/users', {
    firstName: 'Bulk',
    lastName: 'Signup',
    email: `bulk.${stamp}.${i}@example.com`,
    password: 'Bulk-Sign-up-1',
    captcha: 'c',
  }),
);
console.log(`sign-ups from one client, 3 s burst: ${describe(signUps, 3000)}`);

/** Sends `megabytes` to the mock's address (declared length or chunked), sampling this process's RSS meanwhile. */
async function bigBody(megabytes: number, chunked: boolean): Promise<string> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const chunk = Buffer.alloc(1024 * 1024, 97);
  const url = new URL(`${mock}/teams/65a1f0c2e4b0a1b2c3d4e5f7/photo`);
  const status = await new Promise<string>((resolve) => {
    const req = request(
      url,
      {
        method: 'PUT',
        headers: {
          'X-Api-Key': 'measure',
          'content-type': 'multipart/form-data; boundary=x',
          ...(chunked ? {} : { 'content-length': String(megabytes * chunk.length) }),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.statusCode)));
      },
    );
    req.on('error', (error) => resolve(`error ${(error as NodeJS.ErrnoException).code ?? String(error)}`));
    let sent = 0;
    const write = () => {
      while (sent < megabytes) {
        sent++;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
  clearInterval(sampler);
  return `${status}, RSS +${((peak - before) / 1048576).toFixed(0)} MB`;
}
console.log(`150 MB body, declared length: ${await bigBody(150, false)}`);
console.log(`150 MB body, chunked: ${await bigBody(150, true)}`);

await stack.stop();
