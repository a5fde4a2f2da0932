import type { CSSProperties } from 'react';

/**
 * Ties a native popover to its trigger with CSS anchor positioning (the popover sits in the top layer, so it is
 * never clipped by a scrolling parent). Where anchor positioning is missing the popover falls back to the centre
 * of the viewport, still usable.
 */
export function popoverAnchor(id: string): { trigger: CSSProperties; popover: CSSProperties } {
  const name = `--anchor-${id.replace(/[^\w-]/g, '')}`;
  return { trigger: { anchorName: name }, popover: { positionAnchor: name } };
}
