// Empties dist/ before a build, so a file whose source is gone never runs.
import { rmSync } from 'node:fs';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
