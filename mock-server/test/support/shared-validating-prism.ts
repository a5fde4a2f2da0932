import { inject } from 'vitest';
import type { RunningPrism } from '../../src/prism.js';

/**
 * `startStack`'s `validatingPrism` for a test file: this worker's validating Prism (support/validating-prisms.ts),
 * pointed at `backend` until the stack stops.
 */
export async function sharedValidatingPrism(backend: string): Promise<RunningPrism> {
  const worker = process.env.VITEST_POOL_ID;
  if (!worker) throw new Error('sharedValidatingPrism: not in a vitest worker (no VITEST_POOL_ID)');
  const desk = inject('validatingPrisms');
  const leased = await fetch(`${desk}/lease?worker=${worker}`, { method: 'POST', body: backend });
  const text = await leased.text();
  if (!leased.ok) throw new Error(`the validating Prism of worker ${worker} was refused: ${leased.status} ${text}`);
  return {
    url: text,
    stop: async () => {
      await fetch(`${desk}/release?worker=${worker}`, { method: 'POST' });
    },
  };
}
