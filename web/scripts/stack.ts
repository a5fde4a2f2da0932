// The measurement scripts serve the BUILT app exactly as the tests do: the site server plus Prism, on free ports.
import { freePort } from '@runofshow/mock-server/free-port';
import { type RunningStack, startStack } from '@runofshow/mock-server/stack';

export { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/support/chromium.js';

export async function serveBuiltApp(): Promise<RunningStack> {
  const [port, mockPort] = [await freePort(), await freePort()];
  return startStack({ port, mockPort, host: '127.0.0.1' });
}
