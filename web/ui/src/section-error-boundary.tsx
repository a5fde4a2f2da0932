import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './button.js';
import { texts } from './lib/texts.js';
import './section-error-boundary.css';

interface Props {
  children: ReactNode;
  /** What the section is, for the box's accessible name. */
  label: string;
  /** The box's texts in the app's language (English by default). */
  texts?: { text: string; reload: string };
}

/**
 * §8 section-level error box: a failure inside one part of a page stays in that part, with a Reload button that
 * renders the part again (a fresh mount, so a part that loads code or data tries again).
 */
export class SectionErrorBoundary extends Component<Props, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`The section "${this.props.label}" failed to render`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return <SectionKey key={this.state.attempt}>{this.props.children}</SectionKey>;
    return (
      <section className="section-error" aria-label={this.props.label}>
        <p role="alert">{this.props.texts?.text ?? texts.sectionErrorText}</p>
        <Button
          size="small"
          color="outline"
          onClick={() => this.setState((state) => ({ failed: false, attempt: state.attempt + 1 }))}
        >
          {this.props.texts?.reload ?? texts.sectionErrorReload}
        </Button>
      </section>
    );
  }
}

function SectionKey({ children }: { children: ReactNode }) {
  return children;
}
