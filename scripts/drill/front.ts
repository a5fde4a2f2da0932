// nginx as a deployment renders and runs it (`npm run nginx:config` from the build's template), with TLS, in front of
// the given hosts: what the drill and `npm run load` put visitors through.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningNginx, selfSignedCertificate, startNginx } from '@runofshow/server/nginx';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Front {
  nginx: RunningNginx;
  site: string;
  /** The self-signed certificate visitors trust (a path). */
  certificate: string;
}

export async function startFront(options: { upstreams: string[]; port: number; dir: string }): Promise<Front> {
  const { certificate, key } = await selfSignedCertificate(options.dir);
  const config = execFileSync(process.execPath, [join(root, 'web/server/dist/nginx-main.js')], {
    env: {
      ...process.env,
      NGINX_UPSTREAMS: options.upstreams.join(','),
      NGINX_LISTEN: `127.0.0.1:${options.port}`,
      TLS_CERTIFICATE: certificate,
      TLS_CERTIFICATE_KEY: key,
      NGINX_MAIN_APP: 'placeholder',
    },
    encoding: 'utf8',
  });
  const nginx = await startNginx(config, options.dir, options.port);
  return { nginx, site: `https://localhost:${options.port}`, certificate };
}

/** The environment of a host behind that nginx, as `npm run serve` reads it. */
export function hostEnvironment(apiOrigin: string, sitePort: number, extra: Record<string, string> = {}) {
  return {
    API_ORIGIN: apiOrigin,
    API_MODE: 'proxy',
    API_KEY: 'drill-api-key',
    HCAPTCHA_SITEKEY: 'off',
    TRUST_PROXY: 'on',
    PUBLIC_HOSTS: `localhost:${sitePort}`,
    SHUTDOWN_DELAY: '1',
    SHUTDOWN_TIMEOUT: '10',
    LOG_LEVEL: 'info',
    ...extra,
  };
}
