// Writes dist/api-operations.json: the ids of the operations the app's API table holds (src/lib/api/operations.ts),
// read from that table itself, never copied. The production host reads it at start as the allow-list of its /api
// proxy (web/server/src/operation-manifest.ts). Run by `npm run build -w web`, after the client build.
import { writeFileSync } from 'node:fs';
import { appOperations } from '../src/lib/api/operations.js';

const operations = Object.keys(appOperations).sort();
writeFileSync(new URL('../dist/api-operations.json', import.meta.url), `${JSON.stringify({ operations }, null, 2)}\n`);
console.log(`dist/api-operations.json: ${operations.length} operations the app calls (${operations.join(', ')})`);
