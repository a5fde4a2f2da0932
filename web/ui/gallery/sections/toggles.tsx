import { useState } from 'react';
import { Toggle } from '../../src/toggle.js';
import { Demo, Section } from '../section.js';

export function TogglesSection() {
  const [off, setOff] = useState(false);
  const [on, setOn] = useState(true);
  const [small, setSmall] = useState(true);
  return (
    <Section id="toggle" title="Toggle" rule="§2: an on/off switch; Space flips it.">
      <div className="gallery-grid">
        <Demo title="Off">
          <Toggle label="Private show" checked={off} onCheckedChange={setOff} />
        </Demo>
        <Demo title="On, with a description">
          <Toggle
            label="Guest pass"
            description="Guests with the link can read this show."
            checked={on}
            onCheckedChange={setOn}
          />
        </Demo>
        <Demo title="Small">
          <Toggle label="Show notes" size="small" checked={small} onCheckedChange={setSmall} />
        </Demo>
        <Demo title="Disabled, off and on">
          <Toggle label="Archive when done" checked={false} onCheckedChange={() => undefined} disabled />
          <Toggle label="Template" checked onCheckedChange={() => undefined} disabled />
        </Demo>
      </div>
    </Section>
  );
}
