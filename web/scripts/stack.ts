// The measurement scripts serve the BUILT app exactly as the tests do: the site server plus Prism, on free ports.
import { freePort } from '../../mock-server/src/free-port.js';
import { type RunningStack, startStack } from '../../mock-server/src/stack.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function serveBuiltApp(): Promise<RunningStack> {
  const [port, mockPort] = [await freePort(), await freePort()];
  return startStack({ port, mockPort, host: '127.0.0.1' });
}
