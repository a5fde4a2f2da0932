// `npm run nginx:config [-- --out <file>]`: the nginx configuration for this deployment, from the build's template
// and the environment (docs/DEPLOY.md). `--write-template` is the build's step that writes the template itself.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { renderNginx } from './nginx-render.js';
import { nginxTemplate } from './nginx-template.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
export const TEMPLATE = here('./nginx.conf.template');

const { values } = parseArgs({ options: { out: { type: 'string' }, 'write-template': { type: 'boolean' } } });
if (values['write-template']) {
  writeFileSync(TEMPLATE, nginxTemplate());
  console.log(`nginx template written: ${TEMPLATE}`);
} else {
  const rendered = renderNginx(readFileSync(TEMPLATE, 'utf8'), process.env, here('../../dist'));
  if (!rendered.ok) {
    console.error(
      `The nginx configuration cannot be written; fix these environment variables (docs/DEPLOY.md):\n  ${rendered.errors.join('\n  ')}`,
    );
    process.exit(2);
  }
  if (values.out) writeFileSync(values.out, rendered.text);
  else process.stdout.write(rendered.text);
}
