import { fileURLToPath } from 'node:url';

const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/** What the mock serves from the repository's builds. Imports nothing else, so vitest's global setup can load it. */
export const paths = {
  bundle: repo('openapi/dist/openapi.json'),
  docs: repo('openapi/dist/docs'),
  app: repo('web/dist'),
  gallery: repo('web/ui/dist'),
};
