// Content-Disposition (RFC 6266) is passed on a CSV answer only, the one file the proxy lets through, and then
// rewritten: always `attachment` (never `inline`, which would have a browser show the body in the app's origin),
// with the upstream's filename when it is a plain name ending in `.csv`, and none otherwise. Any parameter but
// `filename` (`filename*`, which can carry any Unicode, among them) is dropped.
import { parseMediaType } from './media-type.js';

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** The Content-Disposition the browser gets for a CSV answer whose upstream sent `value`. */
export function csvDisposition(value: string): string {
  // The header's grammar is a media type's with a bare token in front: parsed with the same strict rules.
  const parsed = parseMediaType(`x/${value.trim()}`);
  const filename = parsed?.parameters.get('filename');
  const safe = filename !== undefined && SAFE_NAME.test(filename) && /\.csv$/i.test(filename);
  return safe ? `attachment; filename="${filename}"` : 'attachment';
}
