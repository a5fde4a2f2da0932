import type { TestProject } from 'vitest/node';
import { freePort } from '../../src/free-port.js';
import { paths } from '../../src/paths.js';
import { type RunningPrism, startPrism } from '../../src/prism.js';
import { startValidatingPrisms } from './validating-prisms.js';

// vitest's globalSetup for this workspace: each Prism start converts the whole 308-operation description (seconds of
// CPU), and eight of them started by the test files at once made a start miss its deadline on a loaded machine. Prism
// mocking is stateless, so one per configuration serves every file: the bundle and the proxy description, both with
// --errors (which only turns a response that breaks its schema into a 500, and every example keeps to its schema:
// examples.test.ts). A stack with its own backend behind Prism's validating proxy (the sandbox, a wrong backend)
// leases its worker's validating Prism instead (support/validating-prisms.ts).

declare module 'vitest' {
  export interface ProvidedContext {
    /** `prism mock --errors` on openapi/dist/openapi.json. */
    prismBundle: string;
    /** `prism mock --errors` on openapi/dist/openapi.proxy.json (the /api transport's description). */
    prismProxyDescription: string;
    /** The lease desk of the workers' validating Prisms (`prism proxy --errors` on the bundle). */
    validatingPrisms: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = await Promise.allSettled([
    startPrism({ spec: paths.bundle, port: await freePort(), errors: true }),
    startPrism({ spec: paths.bundle.replace(/\.json$/, '.proxy.json'), port: await freePort(), errors: true }),
  ]);
  const running = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => void (await Promise.all(running.map((prism: RunningPrism) => prism.stop())));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  const [bundle, proxyDescription] = running as [RunningPrism, RunningPrism];
  const validating = await startValidatingPrisms();
  project.provide('prismBundle', bundle.url);
  project.provide('prismProxyDescription', proxyDescription.url);
  project.provide('validatingPrisms', validating.url);
  return async () => void (await Promise.all([stopAll(), validating.stop()]));
}
