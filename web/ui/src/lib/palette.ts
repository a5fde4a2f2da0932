import { contrastRatio, textColourOn } from './colour.js';

/**
 * §9 colour palette: nine families × six shades, lightest first. The values are the Tailwind CSS 200–700 steps,
 * a palette designers already know, so a picked colour reads the same in mock-ups and in the product.
 */
export const PALETTE_FAMILIES = {
  red: ['#fecaca', '#fca5a5', '#f87171', '#ef4444', '#dc2626', '#b91c1c'],
  orange: ['#fed7aa', '#fdba74', '#fb923c', '#f97316', '#ea580c', '#c2410c'],
  yellow: ['#fef08a', '#fde047', '#facc15', '#eab308', '#ca8a04', '#a16207'],
  green: ['#bbf7d0', '#86efac', '#4ade80', '#22c55e', '#16a34a', '#15803d'],
  teal: ['#99f6e4', '#5eead4', '#2dd4bf', '#14b8a6', '#0d9488', '#0f766e'],
  blue: ['#bfdbfe', '#93c5fd', '#60a5fa', '#3b82f6', '#2563eb', '#1d4ed8'],
  indigo: ['#c7d2fe', '#a5b4fc', '#818cf8', '#6366f1', '#4f46e5', '#4338ca'],
  purple: ['#e9d5ff', '#d8b4fe', '#c084fc', '#a855f7', '#9333ea', '#7e22ce'],
  pink: ['#fbcfe8', '#f9a8d4', '#f472b6', '#ec4899', '#db2777', '#be185d'],
} as const;

export const PALETTE: readonly string[] = Object.values(PALETTE_FAMILIES).flat();

/**
 * The palette colours whose §9 text colour (black or white by brightness 122) reaches WCAG AA 4.5:1 on them.
 * Colours near the threshold (e.g. #ef4444 at brightness 119) fail with either rule-chosen text, so pieces that
 * pick a colour for the user (avatars) pick from this list.
 */
export const READABLE_PALETTE: readonly string[] = PALETTE.filter(
  (colour) => contrastRatio(colour, textColourOn(colour)) >= 4.5,
);

/**
 * §2 colour rotator: a random palette colour other than the current one, so every click visibly changes it.
 * `random` is injectable (a number in [0, 1)) so tests can pin the pick.
 */
export function rotateColour(current: string | undefined, random: () => number = Math.random): string {
  const choices = PALETTE.filter((colour) => colour.toLowerCase() !== current?.toLowerCase());
  const index = Math.min(choices.length - 1, Math.floor(random() * choices.length));
  return choices[index] as string;
}
