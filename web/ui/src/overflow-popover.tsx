import { type ReactNode, useId } from 'react';
import './overflow-popover.css';

interface Props {
  /** How many items hide behind the button. */
  count: number;
  /** What they are, for the button's accessible name: '+3 more people'. */
  noun: string;
  /** The button's look and the popover's own look (width, padding), beside the shared frame. */
  buttonClass: string;
  popoverClass: string;
  /** The popover's list: its accessible name, its class, its items. */
  listLabel: string;
  listClass?: string;
  children: ReactNode;
}

/**
 * The '+N' button of a row that shows only its first items (nothing when all show), and the popover (at most 40vh tall, scrolling) that
 * lists the rest. A native popover: Enter/Space opens it, Escape or a click outside closes it, focus returns to the
 * button, and it sits in the top layer so no scrolling parent clips it. CSS anchor positioning places it under the
 * button; where that is missing it shows in the middle of the viewport, still usable.
 */
export function OverflowPopover({ count, noun, buttonClass, popoverClass, listLabel, listClass, children }: Props) {
  const id = useId();
  if (count === 0) return null;
  const anchor = `--anchor-${id.replace(/[^\w-]/g, '')}`;
  return (
    <>
      <button
        type="button"
        className={buttonClass}
        popoverTarget={id}
        aria-label={`+${count} more ${noun}`}
        style={{ anchorName: anchor }}
      >
        +{count}
      </button>
      <div id={id} popover="auto" className={`overflow-popover ${popoverClass}`} style={{ positionAnchor: anchor }}>
        <ul className={listClass} aria-label={listLabel}>
          {children}
        </ul>
      </div>
    </>
  );
}
