// `node scripts/run-together.mjs '<json>'`: runs the npm scripts named (a JSON list of `npm run` argument lists) at
// once and exits 1 when any fails, naming it. scripts/build.ts builds the sign-in app, the gallery and the host with
// it: three builds that share nothing, each of which leaves a core idle much of its time (issue 27).
import { spawn } from 'node:child_process';

const scripts = JSON.parse(process.argv[2] ?? '[]');
const codes = await Promise.all(
  scripts.map(
    (args) =>
      new Promise((resolve) => {
        spawn('npm', ['run', '--silent', ...args], { stdio: 'inherit' }).on('close', (code) => {
          if (code !== 0) console.error(`\`npm run ${args.join(' ')}\` failed (exit ${code}).`);
          resolve(code);
        });
      }),
  ),
);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
