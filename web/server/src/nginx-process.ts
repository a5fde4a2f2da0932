// nginx as a child process with everything in one run folder (its pid, logs and temporary files): no system config
// and no root-owned path, so tests, the drill and `npm run load` run it as any user.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';

/** Debian's nginx (`apt-get install nginx`); `NGINX_PATH` names another. */
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Why nginx cannot run here, with how to get it; undefined when it can. */
export function nginxMissing(): string | undefined {
  if (existsSync(NGINX)) return undefined;
  return `nginx is not at ${NGINX}: on Debian or Ubuntu run \`sudo apt-get install -y nginx libnginx-mod-http-brotli-static\` (or set NGINX_PATH).`;
}

export interface RunningNginx {
  process: ChildProcess;
  /** The run folder: nginx.conf, error.log, access.log. */
  dir: string;
  errorLog(): string;
  accessLog(): string;
  /** SIGQUIT (a graceful stop), then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

/** Waits until something accepts connections on `port`, or throws after `timeoutMs`. */
export async function waitForPort(port: number, host = '127.0.0.1', timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Writes `config` to `dir`/nginx.conf, checks it (`nginx -t`), starts nginx in the foreground on it and waits for
 * `port` to accept. A configuration nginx refuses throws with nginx's own words.
 */
export async function startNginx(config: string, dir: string, port: number): Promise<RunningNginx> {
  const missing = nginxMissing();
  if (missing) throw new Error(missing);
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, config);
  // Started by root, nginx runs its workers as `nobody`, who cannot read a private temporary folder or a checkout
  // under /root: here they run as whoever started it, which is what a test or a drill wants (a deployment runs the
  // system's nginx, whose user must be able to read the app's files: docs/DEPLOY.md).
  const user = process.getuid?.() === 0 ? ` user ${userInfo().username};` : '';
  const args = ['-p', `${dir}/`, '-c', file, '-g', `daemon off;${user}`];
  const check = spawn(NGINX, ['-t', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  check.stderr?.on('data', (chunk) => {
    said += chunk;
  });
  const code = await new Promise<number | null>((resolve) => check.once('close', resolve));
  if (code !== 0) throw new Error(`nginx refused its configuration:\n${said}`);
  const child = spawn(NGINX, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await Promise.race([
      waitForPort(port),
      exited.then(() => {
        throw new Error(`nginx exited at start:\n${stderr}${read(join(dir, 'error.log'))}`);
      }),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    process: child,
    dir,
    errorLog: () => read(join(dir, 'error.log')),
    accessLog: () => read(join(dir, 'access.log')),
    async stop(graceMs = 3000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A self-signed key and certificate for `localhost` and 127.0.0.1 (tests, the drill), made by openssl. */
export async function selfSignedCertificate(dir: string): Promise<{ certificate: string; key: string }> {
  const certificate = join(dir, 'certificate.pem');
  const key = join(dir, 'key.pem');
  const args = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', certificate, '-days', '2'];
  const names = ['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'];
  const child = spawn('openssl', [...args, ...names], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  child.stderr?.on('data', (chunk) => {
    said += chunk;
  });
  const code = await new Promise<number | null>((resolve) => {
    child.once('error', () => resolve(-1));
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`openssl could not make a test certificate (is it installed?):\n${said}`);
  return { certificate, key };
}
