// The measurement scripts serve the BUILT app exactly as the tests do: the site server plus Prism, on free ports.
import { freePort } from '../../mock-server/src/free-port.js';
import { type RunningStack, startStack } from '../../mock-server/src/stack.js';

export { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/support/chromium.js';

export async function serveBuiltApp(): Promise<RunningStack> {
  const [port, mockPort] = [await freePort(), await freePort()];
  return startStack({ port, mockPort, host: '127.0.0.1' });
}
