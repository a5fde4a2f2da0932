import { useState } from 'react';
import { ColourRotator } from '../../src/colour-rotator.js';
import { PALETTE_FAMILIES } from '../../src/lib/palette.js';
import { Demo, Section } from '../section.js';

export function ColourRotatorsSection() {
  const [color, setColor] = useState('#1d4ed8');
  return (
    <Section
      id="colour-rotator"
      title="Colour rotator"
      rule="§2, §9: a click picks a random colour of nine families × six shades; tooltip 'Rotate the color'."
    >
      <div className="gallery-grid">
        <Demo title="Rotator and the colour it picked">
          <span className="gallery-chip" style={{ backgroundColor: color }} />
          <span>
            Picked: <output aria-live="polite">{color}</output>
          </span>
          <ColourRotator color={color} onChange={setColor} />
        </Demo>
        <Demo title="The palette (54 colours)" wide>
          <table className="gallery-palette">
            <caption className="visually-hidden">Palette: nine families, six shades each</caption>
            <tbody>
              {Object.entries(PALETTE_FAMILIES).map(([family, shades]) => (
                <tr key={family}>
                  <th scope="row">{family}</th>
                  {shades.map((shade) => (
                    <td key={shade}>
                      <span className="gallery-chip" style={{ backgroundColor: shade }} title={shade} />
                      <span className="visually-hidden">{shade}</span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </Demo>
      </div>
    </Section>
  );
}
