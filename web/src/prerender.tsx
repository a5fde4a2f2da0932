import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './app/app.js';

/** The build's server entry: a route's first render as HTML, for `scripts/prerender.ts` to put into the page. */
export function render(path: string): string {
  return renderToString(
    <StrictMode>
      <App ssrPath={path} />
    </StrictMode>,
  );
}
