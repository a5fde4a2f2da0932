import { fileURLToPath } from 'node:url';
import { createProxyHandler } from '@runofshow/sdk/proxy-handler';
import { type RunningPrism, startPrism } from './prism.js';
import { type RunningSite, startSite } from './site-server.js';

const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

export const paths = {
  bundle: repo('openapi/dist/openapi.json'),
  docs: repo('openapi/dist/docs'),
  app: repo('web/dist'),
  gallery: repo('web/dist-gallery'),
};

export interface StackOptions {
  port: number;
  mockPort: number;
  host?: string;
  errors?: boolean;
  log?: (line: string) => void;
  /** How the app calls the API (§7): straight to the mock (`direct`, the default) or through `/api` (`proxy`). */
  apiMode?: 'direct' | 'proxy';
  /** The key the proxy adds server-side; the mock only checks that one is present. */
  apiKey?: string;
}

export interface RunningStack {
  site: RunningSite;
  mock: RunningPrism;
  stop(): Promise<void>;
}

/**
 * Starts the Prism mock on the bundle and the site (app, docs, dashboard placeholder) in front of it, with the
 * proxy-mode handler at `/api/` calling the mock with the API key held here.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const host = options.host ?? '127.0.0.1';
  const mock = await startPrism({
    spec: paths.bundle,
    port: options.mockPort,
    host,
    ...(options.errors ? { errors: true } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  let site: RunningSite;
  try {
    site = await startSite({
      port: options.port,
      host,
      appDir: paths.app,
      docsDir: paths.docs,
      galleryDir: paths.gallery,
      apiEndpoint: mock.url,
      api: createProxyHandler({ endpoint: mock.url, apiKey: options.apiKey ?? 'development-api-key' }),
      meta: {
        // No site key (development, tests) makes the app bypass the captcha and say so in the console.
        'hcaptcha-sitekey': process.env.HCAPTCHA_SITEKEY ?? '',
        'api-mode': options.apiMode ?? 'direct',
      },
    });
  } catch (error) {
    await mock.stop();
    throw error;
  }
  return {
    site,
    mock,
    stop: async () => {
      await Promise.all([site.stop(), mock.stop()]);
    },
  };
}
