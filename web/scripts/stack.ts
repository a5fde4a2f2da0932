// The mock and the production host in front of it, with the development pages, as `npm start` runs them
// (scripts/dev-site.ts): `npm run dev` puts Vite in front of it, and the measurement scripts serve the BUILT app with
// it exactly as the tests do, on free ports.
import { developmentMounts } from '@runofshow/mock-server/development-mounts';
import { freePort } from '@runofshow/mock-server/free-port';
import { ssoStandIn } from '@runofshow/mock-server/sso-stand-in';
import { paths, type RunningStack, startStack } from '@runofshow/mock-server/stack';
import { createLogger, type RunningHost, startHost } from '@runofshow/server';
import { appOperations } from '../src/lib/api/operations.js';

export { CHROMIUM, CHROMIUM_FLAGS, CHROMIUM_SHELL } from '@runofshow/devkit/chromium';

export interface SiteOptions {
  port: number;
  mockPort: number;
  host: string;
  apiMode: 'proxy' | 'direct';
  apiKey: string;
  sandbox: boolean;
  /** Host names (with port) the host also answers to: the dev server's, which forwards to it with its Host. */
  hosts?: readonly string[];
  /** Where the outbox's links lead (the dev server's address in `npm run dev`; the host's by default). */
  appOrigin?: string;
  /** §9 monitoring's collector (RUM_ENDPOINT); none, monitoring is off. */
  rumEndpoint?: string;
}

export interface RunningSite {
  site: RunningHost;
  stack: RunningStack;
  stop(): Promise<void>;
}

export async function startSite(options: SiteOptions): Promise<RunningSite> {
  let site: RunningHost | undefined;
  const appOrigin = () => options.appOrigin ?? site?.url ?? '';
  const stack = await startStack({
    mockPort: options.mockPort,
    host: options.host,
    sandbox: options.sandbox,
    appOrigin,
  });
  try {
    site = await startHost({
      port: options.port,
      host: options.host,
      appDir: paths.app,
      apiOrigin: stack.mock.url,
      apiMode: options.apiMode,
      apiKey: options.apiKey,
      // The app's table from its source: `npm run dev` may run before any build wrote dist/api-operations.json.
      operations: appOperations,
      hcaptchaSitekey: process.env.HCAPTCHA_SITEKEY || undefined,
      ...(options.rumEndpoint ? { rumEndpoint: options.rumEndpoint } : {}),
      logger: createLogger('warn', options.apiKey),
      ...(options.hosts ? { hosts: options.hosts } : {}),
      mounts: developmentMounts({
        docsDir: paths.docs,
        galleryDir: paths.gallery,
        ssoStart: ssoStandIn(stack.mock.url, options.apiKey),
      }),
    });
  } catch (error) {
    await stack.stop();
    throw error;
  }
  const running = site;
  return { site: running, stack, stop: async () => void (await Promise.all([running.stop(), stack.stop()])) };
}

/**
 * The built app on the mock's examples (no sandbox), for the measurements: every screen shows its full form, the
 * invited sign-up's example invitation included (the sandbox would answer an unknown invitation 404).
 */
export async function serveBuiltApp(options: { rumEndpoint?: string } = {}): Promise<RunningSite> {
  const [port, mockPort] = [await freePort(), await freePort()];
  return startSite({
    port,
    mockPort,
    host: '127.0.0.1',
    apiMode: 'direct',
    apiKey: 'development-api-key',
    sandbox: false,
    ...options,
  });
}
