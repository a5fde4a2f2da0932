import { rotateColour } from './lib/palette.js';
import { Tooltip } from './tooltip.js';
import './colour-rotator.css';

/** §2 tooltip text. */
const ROTATE_TEXT = 'Rotate the color';

interface Props {
  /** The current colour; the rotator never picks it again. */
  color: string | undefined;
  onChange: (color: string) => void;
  /** Random source in [0, 1); injectable so a demo or test can pin the pick. */
  random?: () => number;
}

/**
 * §2 colour rotator: a button that picks a random colour of the 54-colour palette on each click, with the tooltip
 * 'Rotate the color'. The tooltip is its accessible name; the new colour is announced politely.
 */
export function ColourRotator({ color, onChange, random }: Props) {
  return (
    <Tooltip text={ROTATE_TEXT}>
      {(tooltipId) => (
        <button
          type="button"
          className="colour-rotator"
          aria-labelledby={tooltipId}
          onClick={() => onChange(rotateColour(color, random))}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M20 11a8 8 0 0 0-14.3-4.9M4 13a8 8 0 0 0 14.3 4.9M5.5 3v3.5H9M18.5 21v-3.5H15"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      )}
    </Tooltip>
  );
}
