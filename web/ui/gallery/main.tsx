import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GalleryPage } from './gallery-page.js';
import './gallery.css';

const root = document.getElementById('root');
if (!root) throw new Error('The gallery page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <GalleryPage />
  </StrictMode>,
);
