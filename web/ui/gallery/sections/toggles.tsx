import { useState } from 'react';
import { Toggle } from '../../src/toggle.js';
import { Demo, Section } from '../section.js';

export function TogglesSection() {
  const [checked, setChecked] = useState({ off: false, on: true, small: true });
  const state = (demo: keyof typeof checked) => ({
    checked: checked[demo],
    onCheckedChange: (value: boolean) => setChecked((current) => ({ ...current, [demo]: value })),
  });
  return (
    <Section id="toggle" title="Toggle" rule="§2: an on/off switch; Space flips it.">
      <div className="gallery-grid">
        <Demo title="Off">
          <Toggle label="Private show" {...state('off')} />
        </Demo>
        <Demo title="On, with a description">
          <Toggle label="Guest pass" description="Guests with the link can read this show." {...state('on')} />
        </Demo>
        <Demo title="Small">
          <Toggle label="Show notes" size="small" {...state('small')} />
        </Demo>
        <Demo title="Disabled, off and on">
          <Toggle label="Archive when done" checked={false} onCheckedChange={() => undefined} disabled />
          <Toggle label="Template" checked onCheckedChange={() => undefined} disabled />
        </Demo>
      </div>
    </Section>
  );
}
