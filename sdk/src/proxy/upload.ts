// The multipart body of a proxy upload, read part by part with a streaming parser whose cost is bounded (parts,
// header bytes, content bytes), where a Response's `formData()` read any number of parts and headers first: 10 MiB of
// one-byte parts held the thread 1.7 s, of header lines 2.4 s. The envelope parts (`params`, `query`, `clientId`)
// come first, as the SDK sends them, and each is checked (path parameters, query, client id; the operation was
// before the body was read) as it arrives: a call that is refused is refused before its file is parsed.
import { MaxPartsExceededError, MultipartParseError, parseMultipart } from '@remix-run/multipart-parser';
import { ENVELOPE_FIELDS } from './envelope.js';
import type { MediaType } from './media-type.js';
import { ProxyProblem } from './problem.js';

/** Parts an upload may have: the envelope's three, the file and a handful of payload fields (the largest has four). */
const MAX_PARTS = 32;
/** Header bytes of one part: a Content-Disposition with a long file name and a Content-Type fit many times over. */
const MAX_HEADER_BYTES = 4096;
/** RFC 2046 §5.1.1: 1 to 70 characters from this set, not ending in a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,./:=? -]{0,69}[0-9A-Za-z'()+_,./:=?-]$/;

const bad = (detail: string) => new ProxyProblem(400, 'Bad request', detail);

/** The boundary of a `multipart/form-data` type, or a 415 when the type is anything else. */
export function boundaryOf(type: MediaType | undefined): string {
  const boundary = type?.essence === 'multipart/form-data' ? type.parameters.get('boundary') : undefined;
  if (boundary === undefined || !BOUNDARY.test(boundary)) {
    throw new ProxyProblem(415, 'Unsupported media type', 'An upload is multipart/form-data with a file part.');
  }
  return boundary;
}

/** What an upload's reading asks of the operation it is for. */
export interface UploadChecks {
  /** Checks one envelope field as it arrives (throws a problem), before the part after it is parsed. */
  field(name: string, text: string): void;
  /** The direct URL of the whole envelope (throws a problem), at the first payload part or the end. */
  target(envelope: ReadonlyMap<string, string>): string;
}

/**
 * Reads an upload's parts: the envelope's text fields, each checked as it arrives (the parser hands a part over
 * once the boundary after it is found, before the next part is parsed), then the payload parts as the FormData sent
 * upstream.
 */
export function readUpload(
  bytes: Uint8Array,
  boundary: string,
  maxBytes: number,
  checks: UploadChecks,
): { url: string; fields: FormData } {
  const envelope = new Map<string, string>();
  const fields = new FormData();
  let url: string | undefined;
  try {
    const parts = parseMultipart(bytes, {
      boundary,
      maxParts: MAX_PARTS,
      maxHeaderSize: MAX_HEADER_BYTES,
      maxFileSize: maxBytes,
      maxTotalSize: maxBytes,
    });
    for (const part of parts) {
      const name = part.name;
      if (name === undefined) throw bad('Every part of an upload has a name.');
      if (ENVELOPE_FIELDS.has(name)) {
        if (url !== undefined) throw bad(`\`${name}\` comes before the file and the payload fields.`);
        if (envelope.has(name) || part.isFile) throw bad(`\`${name}\` is one text field.`);
        checks.field(name, part.text);
        envelope.set(name, part.text);
        continue;
      }
      url ??= checks.target(envelope);
      if (part.isFile) {
        // `bytes` is a fresh copy the part's own: an ArrayBuffer, never shared.
        const bytes = part.bytes as Uint8Array<ArrayBuffer>;
        fields.append(name, new File([bytes], part.filename ?? 'blob', { type: part.mediaType ?? '' }));
      } else fields.append(name, part.text);
    }
  } catch (error) {
    if (error instanceof ProxyProblem) throw error;
    if (error instanceof MaxPartsExceededError) throw bad(`An upload has at most ${MAX_PARTS} parts.`);
    if (error instanceof MultipartParseError) throw bad('The multipart body could not be read.');
    throw error;
  }
  return { url: url ?? checks.target(envelope), fields };
}
