import { Alert, type AlertSize, type AlertType } from '../../src/alert.js';
import { Demo, Section } from '../section.js';

const types: AlertType[] = ['basic', 'success', 'warning', 'failure'];
const sizes: AlertSize[] = ['medium', 'small'];

// Texts from §4 and §8, one per type, so each alert shows a message the product really shows.
const samples: Record<AlertType, { title?: string; text: string }> = {
  basic: { title: 'Final step to getting you all set up!', text: 'Hang on while we verify your email address' },
  success: {
    title: 'Your email address has been verified',
    text: 'In a moment you will be redirected to your application dashboard.',
  },
  warning: {
    title: 'This verification link is invalid',
    text: "Reach out to app support if you're having trouble getting your email verified.",
  },
  failure: { text: 'Login failed! Invalid email and/or password.' },
};

export function AlertsSection() {
  return (
    <Section id="alert" title="Alert" rule="§9: types basic, success, warning, failure; sizes small and medium.">
      <div className="gallery-grid">
        {sizes.flatMap((size) =>
          types.map((type) => (
            <Demo key={`${type}-${size}`} title={`${type}, ${size}`}>
              <Alert
                type={type}
                size={size}
                live={false}
                {...(samples[type].title ? { title: samples[type].title } : {})}
              >
                <p>{samples[type].text}</p>
              </Alert>
            </Demo>
          )),
        )}
      </div>
    </Section>
  );
}
