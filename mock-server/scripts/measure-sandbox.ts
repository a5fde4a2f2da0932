// Figures for issue 20's note (measured, never asserted), all through the mock's public address with Prism's
// validating proxy in front of the sandbox, as the app calls it:
//   race      passwords checked per lock under 20 and 50 parallel guesses (a counting hasher, the real scrypt)
//   timing    sign-in answer times, known and unknown address (median of 50 wrong passwords each)
//   outbox    outbox GET time at 3,000 mails
//   mail      mail and sign-up throughput from one client (3 s bursts, 8 in flight)
//   declared  the mock's resident memory while a 150 MB body with a declared length is sent to it
//   chunked   the same, chunked
// Run: npx tsx --conditions=source mock-server/scripts/measure-sandbox.ts [section …]  (all by default; run the two
// body sections in processes of their own for a clean resident-memory figure)
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { freePort } from '../src/free-port.js';
import { mailFor } from '../src/sandbox/mail.js';
import { type Hasher, scryptHasher } from '../src/sandbox/passwords.js';
import { startStack } from '../src/stack.js';

const sections = process.argv.slice(2);
const wanted = (name: string) => sections.length === 0 || sections.includes(name);

let checks = 0;
const hasher: Hasher = {
  hash: scryptHasher.hash,
  matches: (password, stored) => {
    checks++;
    return scryptHasher.matches(password, stored);
  },
};
const stack = await startStack({
  mockPort: await freePort(),
  sandbox: true,
  sandboxOptions: { hasher },
  // Exchanges are counted, not printed: a body past Prism's limit is a refused request.
  onExchange: () => {},
});
const mock = stack.mock.url;
const state = stack.sandbox?.state;
if (!state) throw new Error('the sandbox did not start');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const tally = (statuses: number[]) => {
  const counts = new Map<number, number>();
  for (const status of [...statuses].sort()) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n}×${status}`).join(' ');
};

let client = 0;
async function post(path: string, body: unknown, fromClient = `10.99.0.${(client++ % 250) + 1}`): Promise<number> {
  const response = await fetch(`${mock}${path}`, {
    method: 'POST',
    headers: { 'X-Api-Key': 'measure', 'content-type': 'application/json', 'x-forwarded-for': fromClient },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Accounts made in the sandbox itself, so no sign-up limit is involved in what is measured. */
async function accounts(prefix: string, n: number): Promise<string[]> {
  const made: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = `${prefix}.${i}@example.com`;
    await state?.createUser(
      { firstName: 'Mea', lastName: 'Sure', email, password: 'Measure-Pass-word-1', captcha: 'c' },
      `setup-${prefix}-${i}`,
    );
    made.push(email);
  }
  return made;
}

if (wanted('race')) {
  for (const n of [20, 50]) {
    const [email = ''] = await accounts(`race${n}`, 1);
    const before = checks;
    const statuses = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        post('/login', { email, password: i === n - 1 ? 'Measure-Pass-word-1' : `wrong-guess-${i}` }),
      ),
    );
    const after = await post('/login', { email, password: 'Measure-Pass-word-1' });
    console.log(
      `${n} parallel guesses (the right one last): ${checks - before} passwords checked; ${tally(statuses)}; the right password then: ${after}`,
    );
  }
}

if (wanted('timing')) {
  const known = await accounts('timing', 50);
  for (let i = 0; i < 5; i++) await post('/login', { email: `warm.${i}@example.com`, password: 'not-the-password' });
  const times = { known: [] as number[], unknown: [] as number[] };
  const statuses = { known: [] as number[], unknown: [] as number[] };
  const timed = async (email: string, into: 'known' | 'unknown') => {
    const t0 = performance.now();
    statuses[into].push(await post('/login', { email, password: 'not-the-password' }));
    times[into].push(performance.now() - t0);
  };
  // Interleaved, so the machine's load falls on both alike.
  for (let i = 0; i < 50; i++) {
    await timed(known[i] ?? '', 'known');
    await timed(`nobody.${i}@example.com`, 'unknown');
  }
  console.log(
    `sign-in answer, median of 50: known address ${median(times.known).toFixed(1)} ms (${tally(statuses.known)}), unknown ${median(times.unknown).toFixed(1)} ms (${tally(statuses.unknown)})`,
  );
  const six = async (email: string) => {
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) seen.push(await post('/login', { email, password: 'not-the-password' }));
    return seen.join(' ');
  };
  const [fresh = ''] = await accounts('six', 1);
  console.log(`six wrong passwords: known ${await six(fresh)}; unknown ${await six('nobody.six@example.com')}`);
}

if (wanted('outbox')) {
  // Mail as the sandbox writes it (a 43-character token in each link), sent straight into the outbox.
  while (state.outbox.list().length < 3000) {
    state.outbox.send(mailFor.reset('bulk@example.com', randomBytes(32).toString('base64url')), new Date());
  }
  const get = async (base: string) => {
    const t0 = performance.now();
    const response = await fetch(`${base}/outbox/`, { headers: { 'accept-encoding': 'gzip' } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`outbox answered ${response.status}`);
    return performance.now() - t0;
  };
  const series = async (base: string) => {
    for (let i = 0; i < 3; i++) await get(base);
    const times: number[] = [];
    for (let i = 0; i < 20; i++) times.push(await get(base));
    return median(times).toFixed(1);
  };
  console.log(`outbox GET at ${state.outbox.list().length} mails, median of 20: ${await series(mock)} ms`);
}

if (wanted('mail')) {
  /** Calls `send` back to back, 8 in flight, for `ms`; the statuses of the answers. */
  const burst = async (ms: number, send: (i: number) => Promise<number>) => {
    const statuses: number[] = [];
    const end = performance.now() + ms;
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (performance.now() < end) statuses.push(await send(next++));
      }),
    );
    const accepted = statuses.filter((s) => s === 201 || s === 202).length;
    return `${tally(statuses)}: ${(statuses.length / (ms / 1000)).toFixed(0)} answers/s, ${(accepted / (ms / 1000)).toFixed(1)} accepted/s`;
  };
  const one = '10.98.0.1';
  const sent = state.outbox.list().length;
  const toOne = await burst(3000, () => post('/users/ada%40example.com/passwordRecoveryToken', { captcha: 'c' }, one));
  console.log(
    `reset mail to one address from one client, 3 s: ${toOne}; mails sent ${state.outbox.list().length - sent}`,
  );
  const toMany = await burst(3000, (i) =>
    post(`/users/many.${i}%40example.com/passwordRecoveryToken`, { captcha: 'c' }, '10.98.0.2'),
  );
  console.log(`reset requests to many addresses from one client, 3 s: ${toMany}`);
  const stamp = Date.now().toString(36);
  const signUps = await burst(3000, (i) =>
    post(
      '/users',
      {
        firstName: 'Bulk',
        lastName: 'Signup',
        email: `bulk.${stamp}.${i}@example.com`,
        password: 'Bulk-Sign-up-1',
        captcha: 'c',
      },
      '10.98.0.3',
    ),
  );
  console.log(`sign-ups from one client, 3 s: ${signUps}`);
}

/** Sends 150 MB to the mock's address (declared length or chunked), sampling this process's RSS meanwhile. */
async function bigBody(chunked: boolean): Promise<string> {
  const megabytes = 150;
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const chunk = Buffer.alloc(1024 * 1024, 97);
  const t0 = performance.now();
  const status = await new Promise<string>((resolve) => {
    const req = request(
      `${mock}/teams/65a1f0c2e4b0a1b2c3d4e5f7/photo`,
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
    // The mock closes the connection once it has answered a body past its limit: a write after that fails, and the
    // answer (read below) is what counts.
    req.on('error', (error: NodeJS.ErrnoException) => {
      setTimeout(() => resolve(`error ${error.code ?? String(error)}, no answer`), 2000).unref();
    });
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
  return `${status} after ${(performance.now() - t0).toFixed(0)} ms, RSS +${((peak - before) / 1048576).toFixed(0)} MB (from ${(before / 1048576).toFixed(0)} MB)`;
}
if (wanted('declared')) console.log(`150 MB body, declared length: ${await bigBody(false)}`);
if (wanted('chunked')) console.log(`150 MB body, chunked: ${await bigBody(true)}`);

await stack.stop();
