import { useState } from 'react';
import { PasswordField } from '../../src/password-field.js';
import { TextField } from '../../src/text-field.js';
import { Demo, Section } from '../section.js';

export function TextInputsSection() {
  const [empty, setEmpty] = useState('');
  const [filled, setFilled] = useState('Ada');
  const [wrong, setWrong] = useState('ada@');
  const [secret, setSecret] = useState('Correct-Horse-9');
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
        <Demo title="Password (show button, Caps Lock notice)">
          <PasswordField
            label="Password"
            value={secret}
            onValueChange={setSecret}
            texts={{ show: 'Show password', capsLock: 'Caps Lock is on.' }}
            autoComplete="off"
          />
        </Demo>
        <Demo title="Disabled">
          <TextField label="Company name" value="Analytical Engines" onValueChange={() => undefined} disabled />
        </Demo>
      </div>
    </Section>
  );
}
