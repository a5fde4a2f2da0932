import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MEASUREMENTS = fileURLToPath(new URL('../docs/measurements.md', import.meta.url));

/**
 * Writes a script's latest figures into docs/measurements.md between its markers (`<!-- BEGIN name: written by
 * script -->` … `<!-- END name -->`), replacing the run before; the first run appends the section under `heading`.
 * Text around the markers, such as what the figures mean, is left as it is.
 */
export function writeMeasurements(
  name: string,
  script: string,
  heading: string,
  body: string,
  file = MEASUREMENTS,
): void {
  const begin = `<!-- BEGIN ${name}: written by ${script} -->`;
  const end = `<!-- END ${name} -->`;
  const text = readFileSync(file, 'utf8');
  const section = `${begin}\n${body}\n${end}`;
  const at = text.indexOf(begin);
  const until = text.indexOf(end);
  writeFileSync(
    file,
    at !== -1 && until > at
      ? `${text.slice(0, at)}${section}${text.slice(until + end.length)}`
      : `${text.trimEnd()}\n\n## ${heading}\n\n${section}\n`,
  );
}
