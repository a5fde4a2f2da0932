import { READABLE_PALETTE } from './palette.js';

/**
 * §9: an avatar's background derived from the name. FNV-1a over the case-folded, trimmed full name gives the same
 * colour for the same person on every screen and every visit, with no stored state; picking from the readable
 * palette keeps the initials at WCAG AA contrast.
 */
export function colourForName(name: string): string {
  let hash = 0x811c9dc5;
  for (const char of name.trim().toLocaleLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return READABLE_PALETTE[hash % READABLE_PALETTE.length] as string;
}
