import { readFileSync } from 'node:fs';

// Reads the paths §7 of the specification writes, from its text (`coverage/section-7.md`, the section word for word).
// A path is a run of `/segment`s starting at a word boundary: `.../archive` (a continuation of another path) and
// `/{showId}` (relative to the "Under …" before it) are not paths written out, and neither are bare words
// (`fsobject/{id}`, `createRow`). Each path gets the methods its clause names before its first path
// (`GET, PUT, DELETE (soft) /events/{eventId}`; a list such as `GET /users, /users/count` shares them).

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface WrittenPath {
  /** The `### ` heading the path sits under. */
  section: string;
  path: string;
  /** The methods its clause names; empty for a path no method goes with (a browser navigation). */
  methods: string[];
  /** Written after "under": the calls sit beneath it (`Under /teams/{teamId}/events/{eventId}/shows: POST create`). */
  prefix: boolean;
  /** The clause it was read from, as §7 writes it. */
  clause: string;
  /** The paths of the same clause with where each starts, in order (this one included). */
  siblings: { path: string; offset: number }[];
  /** Where the path starts in the clause. */
  offset: number;
}

const PATH = /(?<=^|[\s(])(\.\.\.)?(\/[A-Za-z0-9{}_-]+(?:\/[A-Za-z0-9{}_-]+)*)/g;
const METHOD = /\b(GET|POST|PUT|PATCH|DELETE)\b/g;

export const sectionText = readFileSync(new URL('../../coverage/section-7.md', import.meta.url), 'utf8');

/** Every path §7 writes from `/`, under its `### ` headings (the transport paragraph above them names no call). */
export function writtenPaths(text: string = sectionText): WrittenPath[] {
  const found: WrittenPath[] = [];
  const sections = text.split(/^### /m).slice(1);
  for (const block of sections) {
    const newline = block.indexOf('\n');
    const section = block.slice(0, newline).trim();
    // Clauses end at a semicolon, a full stop before a space or the line's end, or a line break.
    for (const clause of block.slice(newline + 1).split(/;|\.(?=\s|$)|\n/)) {
      const matches = [...clause.matchAll(PATH)];
      if (matches.length === 0) continue;
      const first = matches[0]?.index ?? 0;
      const methods = [...new Set([...clause.slice(0, first).matchAll(METHOD)].map((m) => m[1] as string))];
      const full = matches.filter((m) => !m[1] && !(m[2] as string).startsWith('/{'));
      const siblings = full.map((m) => ({ path: m[2] as string, offset: m.index ?? 0 }));
      for (const m of full) {
        const offset = m.index ?? 0;
        found.push({
          section,
          path: m[2] as string,
          methods,
          prefix: /\bunder\s*$/i.test(clause.slice(0, offset)),
          clause: clause.trim(),
          siblings,
          offset,
        });
      }
    }
  }
  return found;
}
