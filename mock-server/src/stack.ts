import { fileURLToPath } from 'node:url';
import { createProxyHandler } from '@runofshow/sdk/proxy-handler';
import { freePort } from './free-port.js';
import { type Exchange, type RunningFront, startMockFront } from './mock-front.js';
import { type RunningPrism, startPrism } from './prism.js';
import { scenarios as catalogue, type Scenario } from './scenarios.js';
import { type RunningSite, startSite } from './site-server.js';
import { ssoStandIn } from './sso-stand-in.js';

const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

export const paths = {
  bundle: repo('openapi/dist/openapi.json'),
  docs: repo('openapi/dist/docs'),
  app: repo('web/dist'),
  gallery: repo('web/dist-gallery'),
};

export interface StackOptions {
  port: number;
  /** The mock's public address (the scenario front); Prism itself listens on a free port behind it. */
  mockPort: number;
  host?: string;
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
}

export interface RunningStack {
  site: RunningSite;
  /** The mock's public address: what the app, the proxy handler and any client call. */
  mock: RunningPrism;
  /** Prism itself, behind the front. */
  prism: RunningPrism;
  stop(): Promise<void>;
}

/**
 * Starts Prism on the bundle (mock, or proxy to `upstream`), the scenario front at the mock's public address, and
 * the site (app, docs, dashboard placeholder, the SSO stand-in) with the proxy-mode handler at `/api/` calling the
 * front with the API key held here.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const host = options.host ?? '127.0.0.1';
  const apiKey = options.apiKey || 'development-api-key';
  const prism = await startPrism({
    spec: paths.bundle,
    port: await freePort(),
    host,
    ...(options.errors ? { errors: true } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.upstream ? { upstream: options.upstream } : {}),
  });
  let front: RunningFront | undefined;
  let site: RunningSite;
  try {
    front = await startMockFront({
      port: options.mockPort,
      host,
      target: prism.url,
      scenarios: options.upstream ? [] : (options.scenarios ?? catalogue),
      ...(options.onExchange ? { onExchange: options.onExchange } : {}),
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
      ...(options.log ? { log: options.log } : {}),
      api: createProxyHandler({ endpoint: front.url, apiKey }),
      ssoStart: ssoStandIn(front.url, apiKey),
      meta: {
        // No site key (development, tests) makes the app bypass the captcha and say so in the console.
        'hcaptcha-sitekey': process.env.HCAPTCHA_SITEKEY ?? '',
        'api-mode': options.apiMode ?? 'direct',
      },
    });
  } catch (error) {
    await Promise.all([front?.stop(), prism.stop()]);
    throw error;
  }
  const running = front;
  return {
    site,
    mock: { url: running.url, stop: () => running.stop() },
    prism,
    stop: async () => {
      await Promise.all([site.stop(), running.stop(), prism.stop()]);
    },
  };
}
