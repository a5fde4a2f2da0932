import { Label, type LabelData } from './label.js';
import { OverflowPopover } from './overflow-popover.js';
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
  const shown = labels.slice(0, Math.max(0, max));
  const rest = labels.slice(shown.length);
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
      <OverflowPopover
        count={rest.length}
        noun="labels"
        buttonClass="label-row-more"
        popoverClass="label-row-popover"
        listLabel={`${name}: ${rest.length} more`}
        listClass="label-row-list"
      >
        {rest.map(chip)}
      </OverflowPopover>
    </div>
  );
}
