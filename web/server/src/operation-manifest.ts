import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OperationTable } from '@runofshow/sdk';
import { operations } from '@runofshow/sdk/operations';

/** The file the app's build writes (web/scripts/operation-manifest.ts): the operation ids its API table holds. */
export const MANIFEST = 'api-operations.json';

export class ManifestError extends Error {
  override name = 'ManifestError';
}

/**
 * The proxy's allow-list: the rows of the SDK's generated table for the operations the built app calls, read from
 * the build's manifest. Only ids come from the file; methods and paths come from the SDK, so a manifest can narrow
 * what the proxy passes and never invent a route.
 */
export function allowListOf(appDir: string, extra: readonly string[] = []): OperationTable {
  const file = join(appDir, MANIFEST);
  let ids: unknown;
  try {
    ids = (JSON.parse(readFileSync(file, 'utf8')) as { operations?: unknown }).operations;
  } catch (error) {
    throw new ManifestError(`${file} could not be read (${(error as Error).message}): run \`npm run build\`.`);
  }
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string')) {
    throw new ManifestError(`${file} holds no list of operation ids under "operations": run \`npm run build\`.`);
  }
  const unknown = ids.filter((id) => !Object.hasOwn(operations, id));
  if (unknown.length) {
    throw new ManifestError(`${file} names operations the SDK does not know (${unknown.join(', ')}): rebuild both.`);
  }
  // A deployment's additions (API_EXTRA_OPERATIONS, checked against the SDK's table when the host starts).
  const all = [...new Set([...ids, ...extra.filter((id) => Object.hasOwn(operations, id))])];
  return Object.fromEntries(all.map((id) => [id, operations[id as keyof typeof operations]]));
}
