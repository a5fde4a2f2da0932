import { useState } from 'react';
import { TextField } from '../../src/text-field.js';
import { Demo, Section } from '../section.js';

export function TextInputsSection() {
  const [empty, setEmpty] = useState('');
  const [filled, setFilled] = useState('Ada');
  const [wrong, setWrong] = useState('ada@');
  return (
    <Section id="text-input" title="Text input" rule="§2, §5: a labelled input with its error message under the field.">
      <div className="gallery-grid">
        <Demo title="Empty">
          <TextField label="First name" value={empty} onValueChange={setEmpty} autoComplete="off" />
        </Demo>
        <Demo title="Filled">
          <TextField label="First name" value={filled} onValueChange={setFilled} autoComplete="off" />
        </Demo>
        <Demo title="With an error">
          <TextField
            label="Email"
            type="email"
            value={wrong}
            onValueChange={setWrong}
            // The sign-in app's §5 message for a malformed address.
            error="Uh oh! Email is invalid"
            autoComplete="off"
          />
        </Demo>
        <Demo title="Locked (prefilled e-mail)">
          <TextField label="Email" value="ada@example.com" onValueChange={() => undefined} locked />
        </Demo>
        <Demo title="Disabled">
          <TextField label="Company name" value="Analytical Engines" onValueChange={() => undefined} disabled />
        </Demo>
      </div>
    </Section>
  );
}
