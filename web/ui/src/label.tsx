import { hexToRgb, textColourOn } from './lib/colour.js';
import { DEFAULT_LABEL_COLOR } from './lib/label-rules.js';
import './label.css';

/** The Label fields a chip reads (§3). */
export interface LabelData {
  _id: string;
  text: string;
  color: string;
}

interface Props {
  label: Pick<LabelData, 'text' | 'color'>;
  /** Shows a remove button; the chip then narrows to 94 px (§9). */
  onRemove?: () => void;
}

/** `#abc`, `abc` and `#AABBCC` all paint; anything else paints as the default label colour. */
function paintable(color: string): string {
  const rgb = hexToRgb(color);
  return rgb ? `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}` : DEFAULT_LABEL_COLOR;
}

/**
 * A coloured label chip (§9): at most 110 px wide, 94 px when removable; text black or white by the background's
 * brightness against 122. Text that does not fit ends in an ellipsis and the full text is the chip's title.
 */
export function Label({ label, onRemove }: Props) {
  const background = paintable(label.color);
  const colors = { backgroundColor: background, color: textColourOn(background) };
  return (
    <span className={onRemove ? 'label label-removable' : 'label'} style={colors}>
      <span className="label-text" title={label.text}>
        {label.text}
      </span>
      {onRemove ? (
        <button type="button" className="label-remove" aria-label={`Remove label ${label.text}`} onClick={onRemove}>
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </span>
  );
}
