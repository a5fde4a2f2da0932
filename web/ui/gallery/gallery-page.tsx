import { AlertsSection } from './sections/alerts.js';
import { AvatarsSection } from './sections/avatars.js';
import { ButtonsSection } from './sections/buttons.js';
import { ColourRotatorsSection } from './sections/colour-rotators.js';
import { DeviceSection } from './sections/device.js';
import { ErrorBoundariesSection } from './sections/error-boundaries.js';
import { LabelsSection } from './sections/labels.js';
import { PickersSection } from './sections/pickers.js';
import { RolesSection } from './sections/roles.js';
import { TextInputsSection } from './sections/text-inputs.js';
import { TogglesSection } from './sections/toggles.js';

const contents: [string, string][] = [
  ['alert', 'Alert'],
  ['button', 'Button'],
  ['text-input', 'Text input'],
  ['toggle', 'Toggle'],
  ['error-boundaries', 'Error boundaries'],
  ['avatar', 'Avatar'],
  ['avatar-group', 'Avatar group'],
  ['label', 'Label'],
  ['label-row', 'Label row'],
  ['label-picker', 'Label picker'],
  ['time-zone-picker', 'Time zone picker'],
  ['date-picker', 'Date picker'],
  ['date-time-picker', 'Date-time picker'],
  ['colour-rotator', 'Colour rotator'],
  ['mobile-device', 'Mobile-device check'],
  ['roles', 'Roles and visibility'],
];

/** The shared interface pieces (§2, §6, §9) in every variant and state, for the people who choose components. */
export function GalleryPage() {
  return (
    <div className="gallery">
      <header className="gallery-header">
        <h1>Component gallery</h1>
        <p>Every shared interface piece of Run of Show, in every variant and state, with the rule it follows.</p>
      </header>
      <nav className="gallery-nav" aria-label="Pieces">
        <ul>
          {contents.map(([id, title]) => (
            <li key={id}>
              <a href={`#${id}`}>{title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="gallery-content">
        <AlertsSection />
        <ButtonsSection />
        <TextInputsSection />
        <TogglesSection />
        <ErrorBoundariesSection />
        <AvatarsSection />
        <LabelsSection />
        <PickersSection />
        <ColourRotatorsSection />
        <DeviceSection />
        <RolesSection />
      </main>
    </div>
  );
}
