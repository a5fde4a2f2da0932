import { Button, ButtonAnchor, type ButtonColor, type ButtonSize, type ButtonVariant } from '../../src/button.js';
import { Demo, Section } from '../section.js';

const colors: ButtonColor[] = ['primary', 'success', 'danger', 'destructive', 'secondary', 'light', 'outline'];
const variants: ButtonVariant[] = ['contained', 'outlined', 'ghost', 'link'];
const sizes: ButtonSize[] = ['small', 'medium', 'large'];

/** One colour in every variant, at one size. */
function ColourRow({ color, size }: { color: ButtonColor; size: ButtonSize }) {
  const cell = (variant: ButtonVariant) => (
    <td key={variant}>
      <Button color={color} variant={variant} size={size}>
        Save show
      </Button>
    </td>
  );
  return (
    <tr>
      <th scope="row">{color}</th>
      {variants.map(cell)}
    </tr>
  );
}

export function ButtonsSection() {
  return (
    <Section
      id="button"
      title="Button"
      rule="§9: colours primary, success, danger, destructive, secondary, light, outline; variants contained, outlined, ghost, link; sizes small, medium, large."
    >
      {sizes.map((size) => (
        <Demo key={size} title={`Size ${size}: every colour × variant`} wide>
          <div className="gallery-scroll">
            <table className="gallery-table">
              <caption className="visually-hidden">Buttons, size {size}</caption>
              <thead>
                <tr>
                  <th scope="col">Colour</th>
                  {variants.map((variant) => (
                    <th key={variant} scope="col">
                      {variant}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {colors.map((color) => (
                  <ColourRow key={color} color={color} size={size} />
                ))}
              </tbody>
            </table>
          </div>
        </Demo>
      ))}
      <div className="gallery-grid">
        <Demo title="Disabled">
          <Button disabled>Send reset link</Button>
          <Button variant="outlined" disabled>
            Cancel
          </Button>
        </Demo>
        <Demo title="Busy (request in flight)">
          <Button busy disabled>
            Signing in…
          </Button>
        </Demo>
        <Demo title="Full width">
          <Button block>Sign in</Button>
        </Demo>
        <Demo title="Link styled as a button">
          <ButtonAnchor href="#button" color="secondary" variant="outlined">
            Start free trial
          </ButtonAnchor>
        </Demo>
      </div>
    </Section>
  );
}
