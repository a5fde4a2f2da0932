/** `#RGB` or `#RRGGBB` (the `#` optional) as red, green and blue from 0 to 255; undefined for anything else. */
export function hexToRgb(hex: string): [number, number, number] | undefined {
  const digits = hex.trim().replace(/^#/, '');
  if (!/^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(digits)) return undefined;
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** §9: the perceived brightness (0–255) that decides a label's text colour: the W3C formula (299, 587, 114). */
export function brightness(hex: string): number {
  const rgb = hexToRgb(hex);
  if (!rgb) return 0;
  const [r, g, b] = rgb;
  return (r * 299 + g * 587 + b * 114) / 1000;
}

/** §9 threshold: a background brighter than 122 gets black text; 122 and darker get white. */
export const BRIGHTNESS_THRESHOLD = 122;

export function textColourOn(background: string): '#000000' | '#ffffff' {
  return brightness(background) > BRIGHTNESS_THRESHOLD ? '#000000' : '#ffffff';
}

function relativeLuminance(hex: string): number {
  const channels = (hexToRgb(hex) ?? [0, 0, 0]).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const [r = 0, g = 0, b = 0] = channels;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG 2 contrast ratio of two colours (1 to 21); AA asks 4.5 for body text. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
