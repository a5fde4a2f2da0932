// The consumer's checks on workerd, Cloudflare Workers' runtime: worker.mjs bundled with the installed tarball into
// one module (a Worker resolves no node_modules), served by `workerd serve` on a free loopback port with the mock's
// address as a binding and loopback allowed to its fetch, then asked once.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@runofshow/mock-server/free-port';
import { build } from 'esbuild';

const config = (port: number, mock: string) => `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .consumer),
    # The default outbound network reaches only public addresses; the mock is on loopback.
    (name = "loopback", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);

const consumer :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed "worker.bundle.js")],
  compatibilityDate = "2025-09-01",
  bindings = [(name = "MOCK_URL", text = ${JSON.stringify(mock)})],
  globalOutbound = "loopback",
);
`;

/** Serves the checks on workerd and asks for them once: `ok`, and what workerd or the checks said. */
export async function runOnWorkerd(
  bin: string,
  project: string,
  mock: string,
): Promise<{ ok: boolean; detail: string }> {
  await build({
    entryPoints: [join(project, 'worker.mjs')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['worker', 'browser'],
    outfile: join(project, 'worker.bundle.js'),
    logLevel: 'error',
  });
  const port = await freePort();
  writeFileSync(join(project, 'consumer.capnp'), config(port, mock));
  const server = spawn(bin, ['serve', 'consumer.capnp'], { cwd: project });
  let said = '';
  server.stdout.on('data', (chunk) => {
    said += chunk;
  });
  server.stderr.on('data', (chunk) => {
    said += chunk;
  });
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        const answer = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(60_000) });
        const outcome = (await answer.json()) as { ok: boolean; checks?: number; error?: string };
        return outcome.ok
          ? { ok: true, detail: `  ${outcome.checks} checks passed` }
          : { ok: false, detail: `${outcome.error}\n${said}` };
      } catch (error) {
        // Not listening yet, or gone: workerd says why on its stderr.
        if (Date.now() > deadline || server.exitCode !== null)
          return { ok: false, detail: `${String(error)}\n${said}` };
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } finally {
    server.kill();
  }
}
