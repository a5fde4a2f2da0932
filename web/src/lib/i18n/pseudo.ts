// The pseudo-locale en-XA (never offered, chosen by ?lang=en-XA or a stored choice): every text 40 % longer and
// accented, so a layout that only holds English shows it, and a text left out of the catalogue stands out in English.
const ACCENTS: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
  c: 'ç',
  n: 'ñ',
};
const PAD = ' ~·~·~·~ ·~·~·~· ~·~·~·~ ·~·~·~·';

function stretch(text: string, accent: boolean): string {
  const body = accent ? text.replace(/[aeiouAEIOUcn]/g, (c) => ACCENTS[c] ?? c) : text;
  const extra = Math.ceil(text.length * 0.4);
  let pad = '';
  while (pad.length < extra) pad += PAD;
  return `[${body}${pad.slice(0, Math.max(0, extra - 2))}]`;
}

/** A part of the English catalogue in en-XA. */
export function pseudo<T extends object>(english: T): T {
  return Object.fromEntries(
    Object.entries(english).map(([key, value]) => [
      key,
      typeof value === 'function'
        ? (...args: unknown[]) => stretch((value as (...a: unknown[]) => string)(...args), false)
        : stretch(String(value), true),
    ]),
  ) as T;
}
