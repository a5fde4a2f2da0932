// `npm run mock:fixture`: writes the catalogue's seeded world (CATALOGUE.md) as a fixture file,
// mock-server/fixtures/seeded-world.json, for `--fixture` and the control API's `PUT /__mock/fixture`. The password
// hashes are salted afresh on each run, so the file changes whenever it is written; the world in it does not. The npm
// script formats it with Biome after, so what it writes passes `biome check` as it stands.
import { mkdirSync, writeFileSync } from 'node:fs';
import { exportFixture } from '../src/control/fixture.js';
import { startEngine } from '../src/sandbox/engine/start.js';
import { SignInSandbox } from '../src/sandbox/sandbox.js';

export const SEEDED_FIXTURE = new URL('../fixtures/seeded-world.json', import.meta.url);

const signIn = await SignInSandbox.seeded();
const engine = startEngine();
mkdirSync(new URL('.', SEEDED_FIXTURE), { recursive: true });
writeFileSync(SEEDED_FIXTURE, `${JSON.stringify(exportFixture(engine.store, signIn), null, 1)}\n`);
console.log(`wrote ${SEEDED_FIXTURE.pathname.replace(/^.*\/mock-server\//, 'mock-server/')}`);
