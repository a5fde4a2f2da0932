import { type ReactNode, useId, useState } from 'react';
import './tooltip.css';

interface Props {
  text: string;
  /** Renders the trigger; it must put `tooltipId` in its aria-describedby (or aria-labelledby) and be focusable. */
  children: (tooltipId: string) => ReactNode;
}

/**
 * A text tooltip that shows on hover and on keyboard focus, and hides on Escape without moving focus
 * (WCAG 1.4.13). The text is in the DOM while hidden, so the trigger's description is there for screen readers.
 */
export function Tooltip({ text, children }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only listens for hover and focus of its trigger.
    <span
      className="tooltip-anchor"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      {children(id)}
      <span id={id} role="tooltip" className="tooltip" hidden={!open}>
        {text}
      </span>
    </span>
  );
}
