import { isMobileDevice } from '../../src/lib/mobile-device.js';
import { Demo, Section } from '../section.js';

export function DeviceSection() {
  return (
    <Section
      id="mobile-device"
      title="Mobile-device check"
      rule="§2: a mobile user agent, or more than 2 touch points on a Mac platform."
    >
      <Demo title="This browser">
        <p className="gallery-note">
          This browser counts as <strong data-testid="device-kind">{isMobileDevice() ? 'mobile' : 'desktop'}</strong>.
        </p>
      </Demo>
    </Section>
  );
}
