import { type FormEvent, useId, useState } from 'react';
import { Button } from './button.js';
import { ColourRotator } from './colour-rotator.js';
import { Label, type LabelData } from './label.js';
import {
  DEFAULT_LABEL_COLOR,
  labelColorSchema,
  labelIssue,
  labelTextSchema,
  normaliseColor,
} from './lib/label-rules.js';
import { TextField } from './text-field.js';
import './label-picker.css';

interface Props {
  /** The team's labels. */
  labels: readonly LabelData[];
  /** Ids of the labels on the item. */
  selected: readonly string[];
  onSelectedChange: (selected: string[]) => void;
  /** Creates a label (the caller sends teams.createLabel); a rejection's message shows under the form. */
  onCreate: (label: { text: string; color: string }) => Promise<void> | void;
  /** The legend, e.g. 'Labels for Spring Gala'. */
  legend?: string;
}

/**
 * §9 label picker: a filter, the team's labels as checkboxes in a list at most 200 px tall, and a form for a new
 * label (text 1–64, colour by the §5 rule, #6B66F8 unless changed). Everything is a native control: Tab moves
 * between them, Space ticks a label, Enter creates one.
 */
export function LabelPicker({ labels, selected, onSelectedChange, onCreate, legend = 'Labels' }: Props) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const [text, setText] = useState('');
  const [color, setColor] = useState(DEFAULT_LABEL_COLOR);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const needle = filter.trim().toLocaleLowerCase();
  const visible = needle ? labels.filter((label) => label.text.toLocaleLowerCase().includes(needle)) : labels;
  const textError = tried ? labelIssue(labelTextSchema, text) : undefined;
  const colorError = tried ? labelIssue(labelColorSchema, color) : undefined;
  const colorValid = labelIssue(labelColorSchema, color) === undefined;

  const toggle = (labelId: string, on: boolean) =>
    onSelectedChange(on ? [...selected, labelId] : selected.filter((other) => other !== labelId));

  async function create(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setFailure(undefined);
    if (labelIssue(labelTextSchema, text) || labelIssue(labelColorSchema, color)) return;
    setBusy(true);
    try {
      await onCreate({ text: text.trim(), color: normaliseColor(color) });
      setText('');
      setColor(DEFAULT_LABEL_COLOR);
      setTried(false);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The label could not be created.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="label-picker">
      <fieldset className="label-picker-choose">
        <legend>{legend}</legend>
        <label className="label-picker-filter-label" htmlFor={`${id}-filter`}>
          Filter labels
        </label>
        <input
          id={`${id}-filter`}
          className="label-picker-filter"
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
        {visible.length ? (
          <ul className="label-picker-list">
            {visible.map((label) => {
              const boxId = `${id}-${label._id}`;
              return (
                <li key={label._id}>
                  <input
                    id={boxId}
                    type="checkbox"
                    checked={selected.includes(label._id)}
                    onChange={(event) => toggle(label._id, event.currentTarget.checked)}
                  />
                  <label htmlFor={boxId}>
                    <Label label={label} />
                  </label>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="label-picker-empty" role="status">
            {labels.length ? `No labels match “${filter.trim()}”.` : 'This team has no labels yet.'}
          </p>
        )}
      </fieldset>

      <form className="label-picker-new" noValidate onSubmit={create} aria-labelledby={`${id}-new`}>
        <p id={`${id}-new`} className="label-picker-new-title">
          New label
        </p>
        <TextField label="Label text" value={text} onValueChange={setText} error={textError} autoComplete="off" />
        <div className="label-picker-color">
          <TextField
            label="Color (hex)"
            value={color}
            onValueChange={setColor}
            error={colorError}
            autoComplete="off"
            spellCheck={false}
          />
          <span
            className="label-picker-swatch"
            aria-hidden="true"
            style={{ backgroundColor: colorValid ? normaliseColor(color) : 'transparent' }}
          />
          <ColourRotator color={colorValid ? normaliseColor(color) : undefined} onChange={setColor} />
        </div>
        {failure ? (
          <p className="label-picker-failure" role="alert">
            {failure}
          </p>
        ) : null}
        <Button type="submit" size="small" busy={busy} disabled={busy}>
          Create label
        </Button>
      </form>
    </div>
  );
}
