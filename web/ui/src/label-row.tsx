import { useId } from 'react';
import { Label, type LabelData } from './label.js';
import { popoverAnchor } from './popover-anchor.js';
import './label-row.css';

interface Props {
  labels: readonly LabelData[];
  /** §9: how many labels show; the rest sit behind '+N'. */
  max: number;
  /** Names the row for screen readers, e.g. 'Labels of Spring Gala'. */
  name?: string;
  /** Makes every label removable. */
  onRemove?: (label: LabelData) => void;
}

/**
 * A row of labels (§9): the first `max` shown, the rest as a '+N' button whose popover (max height 40vh, scrolling)
 * shows them all. A native popover: Enter/Space opens it, Escape or a click outside closes it.
 */
export function LabelRow({ labels, max, name = 'Labels', onRemove }: Props) {
  const popoverId = useId();
  const shown = labels.slice(0, Math.max(0, max));
  const rest = labels.slice(shown.length);
  const anchor = popoverAnchor(popoverId);
  const chip = (label: LabelData) => (
    <li key={label._id}>
      <Label label={label} {...(onRemove ? { onRemove: () => onRemove(label) } : {})} />
    </li>
  );
  return (
    <div className="label-row">
      <ul className="label-row-list" aria-label={name}>
        {shown.map(chip)}
      </ul>
      {rest.length > 0 ? (
        <>
          <button
            type="button"
            className="label-row-more"
            popoverTarget={popoverId}
            aria-label={`+${rest.length} more labels`}
            style={anchor.trigger}
          >
            +{rest.length}
          </button>
          <div id={popoverId} popover="auto" className="label-row-popover" style={anchor.popover}>
            <ul className="label-row-list" aria-label={`${name}: ${rest.length} more`}>
              {rest.map(chip)}
            </ul>
          </div>
        </>
      ) : null}
    </div>
  );
}
