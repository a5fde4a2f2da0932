import { Control } from './control/control.js';
import type { Fixture } from './control/fixture.js';
import { freePort } from './free-port.js';
import { type Exchange, type RunningFront, startMockFront } from './mock-front.js';
import { paths } from './paths.js';
import { type RunningPrism, startPrism } from './prism.js';
import { ContractTally } from './sandbox/contract-tally.js';
import type { Engine } from './sandbox/engine/engine.js';
import { serveFile } from './sandbox/engine/files.js';
import { engineRoutes, matchEngine } from './sandbox/engine/http.js';
import { openStore, type StoreOptions } from './sandbox/engine/open-store.js';
import { startEngine } from './sandbox/engine/start.js';
import { AppliedLedger } from './sandbox/ledger.js';
import { outboxRoute } from './sandbox/outbox-page.js';
import { type SandboxOptions, SignInSandbox } from './sandbox/sandbox.js';
import { matchSandbox, sandboxRoutes, startSandboxServer } from './sandbox/server.js';
import { scenarios as catalogue, type Scenario } from './scenarios.js';

export { paths } from './paths.js';

export interface StackOptions {
  /** The mock's public address (the scenario front); Prism itself listens on a free port behind it. */
  mockPort: number;
  host?: string;
  errors?: boolean;
  /** Prism's log lines (and the front's scenario choices). */
  log?: (line: string) => void;
  /** Validate against a real backend instead of mocking: Prism in proxy mode, no scenario accounts. */
  upstream?: string;
  /** The scenario accounts (the catalogue in `scenarios.ts` by default). */
  scenarios?: readonly Scenario[];
  /** Every exchange through the mock's public address, with the rules it broke, as it happens. */
  onExchange?: (exchange: Exchange) => void;
  /**
   * Answer the sign-in domain from the stateful sandbox (issue 16) behind Prism's validating proxy, with the outbox
   * at the mock's `/outbox/`; everything else, and any request carrying `Prefer`, still gets Prism's examples.
   */
  sandbox?: boolean;
  /** The sign-in app's origin, which the outbox's links lead to (asked when the page is shown: it may start later). */
  appOrigin?: () => string;
  /** Where the sandbox's engine keeps its state (`--data`, `DATABASE_URL`): in memory when neither is given. */
  store?: StoreOptions;
  /** The sandbox's clock, hasher and limits (tests); the real ones by default. */
  sandboxOptions?: SandboxOptions;
  /**
   * The address of a `prism mock` already running on the bundle (tests share one): the front stands in front of it
   * and the stack neither starts nor stops a Prism. Not with `sandbox` or `upstream`, which need a Prism of their own.
   */
  prismUrl?: string;
  /**
   * A validating Prism (`prism proxy --errors` on the bundle) the caller runs, pointed at this stack's backend (the
   * sandbox's, or `upstream`) until the stack stops: tests share one per worker instead of starting one per file
   * (seconds of CPU each). Its log lines stay the caller's: `log` gets the front's alone.
   */
  validatingPrism?: (upstream: string) => Promise<RunningPrism>;
  /** The deployment's proxies in front of the mock, whose `X-Forwarded-For` is walked past (loopback by default). */
  trustedProxy?: (address: string) => boolean;
  /** The token a client off this machine presents to read the outbox (none: only this machine reads it). */
  outboxToken?: string;
  /** The state the sandbox starts from, and resets to (`--fixture file.json`); the seeded world by default. */
  fixture?: Fixture;
  /** Keeps the request journal (on by default; off to measure what it costs). */
  journal?: boolean;
}

export interface RunningSandbox {
  state: SignInSandbox;
  /** Every other operation's state (issue 31): the effect tables executed over a store. */
  engine: Engine;
  /** The calls it applied, by request id (what the fault drill counts writes from). */
  applied: AppliedLedger;
  /** The sandbox's exchanges and the rules they broke (must stay at zero). */
  tally: ContractTally;
}

export interface RunningStack {
  /** The mock's public address: what the app, the proxy handler and any client call. */
  mock: RunningPrism;
  /** Prism itself, behind the front. */
  prism: RunningPrism;
  /** The stateful sandbox, when it runs. */
  sandbox?: RunningSandbox;
  /** What the control API at `/__mock/` drives: rules, journal, fixture (issue 32). */
  control: Control;
  stop(): Promise<void>;
}

/**
 * Starts Prism on the bundle (mock, or proxy to `upstream` or to the sandbox) and the scenario front at the mock's
 * public address, with the sandbox's outbox there when it runs. The site in front of it is the production host
 * (web/server), which `npm start` composes with it (scripts/start.ts).
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const host = options.host ?? '127.0.0.1';
  if (options.prismUrl && (options.sandbox || options.upstream)) {
    throw new Error('startStack: a shared Prism (prismUrl) cannot proxy to the sandbox or an upstream');
  }
  const sandbox =
    options.sandbox && !options.upstream ? await startSandbox(host, options.sandboxOptions, options.store) : undefined;
  // With the sandbox, Prism runs as its validating proxy (--errors) and answers from the examples whatever the
  // sandbox leaves to it (501): one Prism, as without it.
  const backend = sandbox ? sandbox.backend.url : options.upstream;
  if (options.validatingPrism && !backend) {
    throw new Error('startStack: a validating Prism stands in front of the sandbox or an upstream, and there is none');
  }
  let prism: RunningPrism;
  try {
    prism = options.prismUrl
      ? { url: options.prismUrl, stop: async () => {} }
      : options.validatingPrism && backend
        ? await options.validatingPrism(backend)
        : await startPrism({
            spec: paths.bundle,
            port: await freePort(),
            host,
            ...(options.errors || sandbox ? { errors: true } : {}),
            ...(options.log ? { log: options.log } : {}),
            ...(options.upstream ? { upstream: options.upstream } : {}),
            ...(sandbox ? { upstream: sandbox.backend.url } : {}),
          });
  } catch (error) {
    await sandbox?.backend.stop();
    throw error;
  }
  const control = new Control(
    sandbox
      ? {
          store: sandbox.engine.store,
          signIn: sandbox.state,
          turn: (work) => sandbox.engine.turns.run(work),
        }
      : undefined,
  );
  control.journal.enabled = options.journal ?? true;
  if (options.fixture) await control.loadFixture(options.fixture);
  let front: RunningFront;
  // The sandbox answers its operations with state, so the scenario accounts of those operations are its seeded
  // accounts instead of Prefer choices; the others (SSO) still pick Prism's examples.
  const scenarios = (options.scenarios ?? catalogue).filter(
    (s) => !sandbox || !(SignInSandbox.operations as readonly string[]).includes(s.operationId),
  );
  try {
    front = await startMockFront({
      port: options.mockPort,
      host,
      target: prism.url,
      control,
      ...(sandbox ? { callerOf: (token: string) => emailOf(sandbox.state.tokenUser(token).body) } : {}),
      scenarios: options.upstream ? [] : scenarios,
      ...(options.trustedProxy ? { trustedProxy: options.trustedProxy } : {}),
      ...(options.outboxToken ? { outboxToken: options.outboxToken } : {}),
      ...(sandbox
        ? {
            sandbox,
            // Read in a turn: over a shared database it first brings in the mail other instances sent.
            outbox: sandboxOutbox(sandbox, options.appOrigin),
            files: (path: string, query: URLSearchParams) =>
              sandbox.engine.turns.run(() => serveFile(sandbox.engine.store, path, query, sandbox.engine.clock())),
          }
        : {}),
      onExchange: (exchange) => {
        const broken = sandbox?.tally.record(exchange) ?? [];
        // A caller that reports exchanges (`npm run mock`'s violation report) prints these already.
        if (options.onExchange) options.onExchange(exchange);
        else for (const line of broken) console.error(`✖ ${line}`);
      },
      ...(options.log ? { log: options.log } : {}),
    });
  } catch (error) {
    await Promise.all([prism.stop(), sandbox?.backend.stop()]);
    throw error;
  }
  const running = front;
  // The signed URLs the sandbox hands out lead to this address's /files/.
  if (sandbox) sandbox.engine.filesOrigin = running.url;
  return {
    mock: { url: running.url, stop: () => running.stop() },
    prism,
    control,
    ...(sandbox
      ? { sandbox: { state: sandbox.state, engine: sandbox.engine, tally: sandbox.tally, applied: sandbox.applied } }
      : {}),
    stop: async () => {
      await Promise.all([running.stop(), prism.stop(), sandbox?.backend.stop()]);
      await sandbox?.engine.store.close?.();
    },
  };
}

/**
 * The seeded sandbox and its HTTP backend, for Prism's validating proxy to stand in front of, with which calls are
 * its to answer (for the front to label each exchange). Exported for tests that call the sandbox's state directly,
 * without a Prism start's seconds of CPU (the SDK's paged lists and sessions).
 */
export async function startSandbox(host: string, options: SandboxOptions = {}, storeOptions: StoreOptions = {}) {
  const [state, store] = await Promise.all([SignInSandbox.seeded(options), openStore(storeOptions)]);
  const engine = startEngine({ store, ...(options.now ? { now: options.now } : {}) });
  const applied = new AppliedLedger();
  const backend = await startSandboxServer(state, await freePort(), host, undefined, applied, engine);
  const routes = sandboxRoutes();
  const others = engineRoutes();
  const handles = (method: string, path: string) =>
    matchSandbox(routes, method, path) !== undefined || matchEngine(others, method, path) !== undefined;
  return { state, engine, backend, handles, tally: new ContractTally(), applied };
}

/**
 * The outbox page of a sandbox, read in a turn of its engine: over a shared database the turn first brings in the mail
 * other instances sent (issue 31), so every instance's page shows every mail.
 */
export function sandboxOutbox(
  sandbox: Pick<RunningSandbox, 'state' | 'engine' | 'tally'>,
  appOrigin?: () => string | undefined,
) {
  const route = outboxRoute(() => sandbox.state.outbox, sandbox.tally, appOrigin);
  return (path: string, query: URLSearchParams) => sandbox.engine.turns.run(() => route(path, query));
}

const emailOf = (body: unknown) =>
  typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string'
    ? body.email
    : undefined;
