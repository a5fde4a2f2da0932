import { fileURLToPath } from 'node:url';
import { createProxyListener } from '@runofshow/sdk/proxy-listener';
import { freePort } from './free-port.js';
import { type Exchange, type RunningFront, startMockFront } from './mock-front.js';
import { type RunningPrism, startPrism } from './prism.js';
import { ContractTally } from './sandbox/contract-tally.js';
import { outboxRoute } from './sandbox/outbox-page.js';
import { type SandboxOptions, SignInSandbox } from './sandbox/sandbox.js';
import { matchSandbox, sandboxRoutes, startSandboxServer } from './sandbox/server.js';
import { scenarios as catalogue, type Scenario } from './scenarios.js';
import { type RunningSite, startSite } from './site-server.js';
import { ssoStandIn } from './sso-stand-in.js';

const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

export const paths = {
  bundle: repo('openapi/dist/openapi.json'),
  docs: repo('openapi/dist/docs'),
  app: repo('web/dist'),
  gallery: repo('web/ui/dist'),
};

export interface StackOptions {
  port: number;
  /** The mock's public address (the scenario front); Prism itself listens on a free port behind it. */
  mockPort: number;
  host?: string;
  /** Host names (with port) the site also answers to, e.g. the dev server's that forwards to it (`npm run dev`). */
  siteHosts?: readonly string[];
  errors?: boolean;
  /** Prism's log lines (and the front's scenario choices). */
  log?: (line: string) => void;
  /** How the app calls the API (§7): straight to the mock (`direct`, the default) or through `/api` (`proxy`). */
  apiMode?: 'direct' | 'proxy';
  /**
   * The key the proxy adds server-side (and direct mode's page carries); the mock only checks that one is present.
   * The commands pass `API_KEY` from the environment; unset, it is the development key.
   */
  apiKey?: string;
  /** Validate against a real backend instead of mocking: Prism in proxy mode, no scenario accounts. */
  upstream?: string;
  /** The scenario accounts (the catalogue in `scenarios.ts` by default). */
  scenarios?: readonly Scenario[];
  /** Every exchange through the mock's public address, with the rules it broke, as it happens. */
  onExchange?: (exchange: Exchange) => void;
  /**
   * Answer the sign-in domain from the stateful sandbox (issue 16) behind Prism's validating proxy, with the outbox
   * at `/outbox/`; everything else, and any request carrying `Prefer`, still gets Prism's examples.
   */
  sandbox?: boolean;
  /** The sandbox's clock, hasher and limits (tests); the real ones by default. */
  sandboxOptions?: SandboxOptions;
  /**
   * The origin of the sign-in app the outbox on the mock's address links to (a staging host pointed at the sandbox);
   * this stack's site by default.
   */
  appOrigin?: string;
}

export interface RunningSandbox {
  state: SignInSandbox;
  /** The sandbox's exchanges and the rules they broke (must stay at zero). */
  tally: ContractTally;
}

export interface RunningStack {
  site: RunningSite;
  /** The mock's public address: what the app, the proxy handler and any client call. */
  mock: RunningPrism;
  /** Prism itself, behind the front. */
  prism: RunningPrism;
  /** The stateful sandbox, when it runs. */
  sandbox?: RunningSandbox;
  stop(): Promise<void>;
}

/**
 * Starts Prism on the bundle (mock, or proxy to `upstream` or to the sandbox), the scenario front at the mock's public address, and
 * the site (app, docs, dashboard placeholder, the SSO stand-in) with the proxy-mode handler at `/api/` calling the
 * front with the API key held here.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const host = options.host ?? '127.0.0.1';
  const apiKey = options.apiKey || 'development-api-key';
  const sandbox = options.sandbox && !options.upstream ? await startSandbox(host, options.sandboxOptions) : undefined;
  // With the sandbox, Prism runs as its validating proxy (--errors) and answers from the examples whatever the
  // sandbox leaves to it (501): one Prism, as without it.
  let prism: RunningPrism;
  try {
    prism = await startPrism({
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
  let front: RunningFront | undefined;
  let site: RunningSite | undefined;
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
      scenarios: options.upstream ? [] : scenarios,
      ...(sandbox
        ? {
            sandbox,
            outbox: outboxRoute(
              () => sandbox.state.outbox,
              sandbox.tally,
              () => options.appOrigin ?? site?.url,
            ),
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
    site = await startSite({
      port: options.port,
      host,
      appDir: paths.app,
      docsDir: paths.docs,
      galleryDir: paths.gallery,
      apiEndpoint: front.url,
      apiKey,
      ...(options.siteHosts ? { hosts: options.siteHosts } : {}),
      ...(options.log ? { log: options.log } : {}),
      apiListener: createProxyListener({ endpoint: front.url, apiKey }),
      ssoStart: ssoStandIn(front.url, apiKey),
      meta: {
        // No site key (development, tests) makes the app bypass the captcha and say so in the console.
        'hcaptcha-sitekey': process.env.HCAPTCHA_SITEKEY ?? '',
        'api-mode': options.apiMode ?? 'direct',
      },
      ...(sandbox ? { outbox: outboxRoute(() => sandbox.state.outbox, sandbox.tally) } : {}),
    });
  } catch (error) {
    await Promise.all([front?.stop(), prism.stop(), sandbox?.backend.stop()]);
    throw error;
  }
  const running = front;
  const runningSite = site;
  return {
    site: runningSite,
    mock: { url: running.url, stop: () => running.stop() },
    prism,
    ...(sandbox ? { sandbox: { state: sandbox.state, tally: sandbox.tally } } : {}),
    stop: async () => {
      await Promise.all([runningSite.stop(), running.stop(), prism.stop(), sandbox?.backend.stop()]);
    },
  };
}

/**
 * The seeded sandbox and its HTTP backend, for Prism's validating proxy to stand in front of, with which calls are
 * its to answer (for the front to label each exchange).
 */
async function startSandbox(host: string, options: SandboxOptions = {}) {
  const state = await SignInSandbox.seeded(options);
  const backend = await startSandboxServer(state, await freePort(), host);
  const routes = sandboxRoutes();
  const handles = (method: string, path: string) => matchSandbox(routes, method, path) !== undefined;
  return { state, backend, handles, tally: new ContractTally() };
}
