// What `npm start` runs: the mock (Prism, the scenario front, the sandbox with its outbox) and, in front of it, the
// production host (web/server) with the development pages added as mounts (the docs, the gallery, the /dash/…
// placeholder, the SSO stand-in). Development and production share the one server; only these mounts, the mock
// behind it and the development key differ. `npm run dev` composes the same in web/scripts/stack.ts.
import { developmentMounts } from '@runofshow/mock-server/development-mounts';
import { ssoStandIn } from '@runofshow/mock-server/sso-stand-in';
import { paths, type RunningStack, type StackOptions, startStack } from '@runofshow/mock-server/stack';
import { createLogger, type RunningHost, startHost } from '@runofshow/server';

export interface DevelopmentSiteOptions extends Omit<StackOptions, 'appOrigin'> {
  port: number;
  apiMode: 'proxy' | 'direct';
  /** The key the host holds (the development key when empty). */
  apiKey: string;
}

export interface DevelopmentSite {
  site: RunningHost;
  stack: RunningStack;
  stop(): Promise<void>;
}

export async function startDevelopmentSite(options: DevelopmentSiteOptions): Promise<DevelopmentSite> {
  const apiKey = options.apiKey || 'development-api-key';
  let site: RunningHost | undefined;
  const stack = await startStack({ ...options, appOrigin: () => site?.url ?? '' });
  try {
    site = await startHost({
      port: options.port,
      host: options.host ?? '127.0.0.1',
      appDir: paths.app,
      apiOrigin: stack.mock.url,
      apiMode: options.apiMode,
      apiKey,
      hcaptchaSitekey: process.env.HCAPTCHA_SITEKEY || undefined,
      // Its request lines are the production host's; in development they would bury the mock's own report.
      logger: createLogger((process.env.LOG_LEVEL as 'warn' | undefined) ?? 'warn', apiKey),
      mounts: developmentMounts({
        docsDir: paths.docs,
        galleryDir: paths.gallery,
        ssoStart: ssoStandIn(stack.mock.url, apiKey),
      }),
    });
  } catch (error) {
    await stack.stop();
    throw error;
  }
  const running = site;
  return { site: running, stack, stop: async () => void (await Promise.all([running.stop(), stack.stop()])) };
}
