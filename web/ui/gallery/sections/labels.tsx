import { useState } from 'react';
import { Label } from '../../src/label.js';
import { LabelPicker } from '../../src/label-picker.js';
import { LabelRow } from '../../src/label-row.js';
import { teamLabels } from '../data.js';
import { Demo, Section } from '../section.js';

const [keynote, rehearsal, loadIn, , , breakout, , , sponsor] = teamLabels as [
  (typeof teamLabels)[0],
  ...(typeof teamLabels)[0][],
];

export function LabelsSection() {
  const [removable, setRemovable] = useState(teamLabels.slice(0, 6));
  const [labels, setLabels] = useState(teamLabels);
  const [selected, setSelected] = useState([teamLabels[0]?._id ?? '', teamLabels[3]?._id ?? '']);
  const [created, setCreated] = useState(0);
  return (
    <>
      <Section
        id="label"
        title="Label"
        rule="§9: at most 110 px wide (94 px when removable); black or white text by the background's brightness against 122."
      >
        <div className="gallery-grid">
          <Demo title="Dark background: white text">
            {keynote ? <Label label={keynote} /> : null}
            {loadIn ? <Label label={loadIn} /> : null}
          </Demo>
          <Demo title="Light background: black text">
            {rehearsal ? <Label label={rehearsal} /> : null}
            {breakout ? <Label label={breakout} /> : null}
          </Demo>
          <Demo title="Long text, cut at 110 px">{sponsor ? <Label label={sponsor} /> : null}</Demo>
          <Demo title="Removable, cut at 94 px">
            {sponsor ? <Label label={sponsor} onRemove={() => undefined} /> : null}
            {keynote ? <Label label={keynote} onRemove={() => undefined} /> : null}
          </Demo>
        </div>
      </Section>
      <Section
        id="label-row"
        title="Label row"
        rule="§9: a given maximum shown, the overflow as '+N' with a popover at most 40vh tall."
      >
        <div className="gallery-grid">
          <Demo title="Ten labels, at most three">
            <LabelRow labels={teamLabels} max={3} name="Labels of Spring Gala" />
          </Demo>
          <Demo title="Within the maximum">
            <LabelRow labels={teamLabels.slice(0, 2)} max={3} name="Labels of Product launch" />
          </Demo>
          <Demo title="Removable">
            <LabelRow
              labels={removable}
              max={2}
              name="Labels of Awards night"
              onRemove={(label) => setRemovable((all) => all.filter((other) => other._id !== label._id))}
            />
          </Demo>
        </div>
      </Section>
      <Section
        id="label-picker"
        title="Label picker"
        rule="§9, §5: list at most 200 px tall; a new label is #6B66F8; text 1 to 64 characters; colour 3 to 6 word characters, optionally after '#'."
      >
        <div className="gallery-grid">
          <Demo title="The team's labels, two on the event" wide>
            <LabelPicker
              legend="Labels for Spring Gala"
              labels={labels}
              selected={selected}
              onSelectedChange={setSelected}
              onCreate={({ text, color }) => {
                if (labels.some((label) => label.text.toLowerCase() === text.toLowerCase())) {
                  throw new Error(`The team already has a label “${text}”.`);
                }
                const next = created + 1;
                setCreated(next);
                const label = { _id: `65a1f0c2e4b0a1b2c3d5${next.toString(16).padStart(4, '0')}`, text, color };
                setLabels((all) => [...all, label]);
                setSelected((ids) => [...ids, label._id]);
              }}
            />
            <p className="gallery-note" aria-live="polite">
              On the event:{' '}
              {labels
                .filter((label) => selected.includes(label._id))
                .map((label) => label.text)
                .join(', ') || 'no labels'}
            </p>
          </Demo>
          <Demo title="A team without labels">
            <LabelPicker labels={[]} selected={[]} onSelectedChange={() => undefined} onCreate={() => undefined} />
          </Demo>
        </div>
      </Section>
    </>
  );
}
