import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadSession } from './app/api.js';
import { App } from './app/app.js';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void loadSession();
