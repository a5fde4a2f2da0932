import { useEffect, useRef, useState } from 'react';
import { Button } from '../../src/button.js';
import { PageErrorBoundary } from '../../src/page-error-boundary.js';
import { SectionErrorBoundary } from '../../src/section-error-boundary.js';
import { Demo, Section } from '../section.js';

/** A part that fails when `fails()` says so on mounting, as a part whose code or data fails to load would. */
function RunSheet({ fails }: { fails: () => boolean }) {
  const [error, setError] = useState<Error>();
  useEffect(() => {
    if (fails()) setError(new Error('The run sheet could not be loaded (a demonstration failure).'));
  }, [fails]);
  if (error) throw error;
  return <p className="gallery-note">Run sheet: 14 cues, next up 'Walk-in music' at 7:45 PM.</p>;
}

function Crash({ crashed }: { crashed: boolean }) {
  if (crashed) throw new Error('The page crashed (a demonstration failure).');
  return null;
}

export function ErrorBoundariesSection() {
  // The section fails on its first mount only, so its Reload button shows the part recovering.
  const mounts = useRef(0);
  const failFirst = useRef(() => mounts.current++ === 0).current;
  const [crashed, setCrashed] = useState(false);
  return (
    <Section
      id="error-boundaries"
      title="Error boundaries"
      rule="§8: a page-level 'Uh oh' screen with Refresh, and a section-level error box with Reload."
    >
      <div className="gallery-grid">
        <Demo title="Section: failed, Reload tries again">
          <SectionErrorBoundary label="Run sheet">
            <RunSheet fails={failFirst} />
          </SectionErrorBoundary>
        </Demo>
        <Demo title="Section: working">
          <SectionErrorBoundary label="Cue list">
            <RunSheet fails={() => false} />
          </SectionErrorBoundary>
        </Demo>
        <Demo title="Page (Refresh reloads this gallery)" wide>
          <div className="gallery-page-frame">
            <PageErrorBoundary>
              <Crash crashed={crashed} />
              <p className="gallery-note">The page renders normally until something inside it throws.</p>
              <Button color="danger" variant="outlined" size="small" onClick={() => setCrashed(true)}>
                Simulate a page crash
              </Button>
            </PageErrorBoundary>
          </div>
        </Demo>
      </div>
    </Section>
  );
}
