import * as v from 'valibot';

/** §3/§9: a new label's colour unless one is chosen. */
export const DEFAULT_LABEL_COLOR = '#6B66F8';

/**
 * §5 label rules. The specification gives the rules without message texts; these are ours, in the voice of the
 * §5 messages (README.md of this workspace).
 */
export const labelMessages = {
  textLength: 'Uh oh! A label needs 1 to 64 characters',
  colorFormat: 'Uh oh! A color is 3 to 6 letters or digits, optionally after #',
  colorHex: 'Uh oh! Use hex digits (0-9, A-F) so the color can be shown',
} as const;

/** §5: label text 1 to 64 characters, counted as the person sees them (an emoji is one). */
export const labelTextSchema = v.pipe(
  v.string(),
  v.check((value) => {
    const length = [...value.trim()].length;
    return length >= 1 && length <= 64;
  }, labelMessages.textLength),
);

/**
 * §5: 3 to 6 word characters, optionally after '#'. `\w` also admits g–z and '_', which no screen can paint, so
 * the picker adds a second rule: a 3- or 6-digit hex value (4 and 5 digits pass §5 but are not an RGB colour).
 */
export const labelColorSchema = v.pipe(
  v.string(),
  v.regex(/^#?\w{3,6}$/, labelMessages.colorFormat),
  v.regex(/^#?([0-9a-f]{3}|[0-9a-f]{6})$/i, labelMessages.colorHex),
);

/** The first broken rule's message, or undefined when the value passes. */
export function labelIssue(schema: typeof labelTextSchema | typeof labelColorSchema, value: string) {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : result.issues[0].message;
}

/** '#RRGGBB' upper-cased, the form labels are stored in (the API accepts it with or without '#'). */
export function normaliseColor(value: string): string {
  const digits = value.trim().replace(/^#/, '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return `#${full.toUpperCase()}`;
}
