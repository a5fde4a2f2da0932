import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.js';

// The component gallery: its own entry and its own output, so none of it reaches the sign-in app's bundle.
// The site server serves web/ui/dist at /gallery/ (`npm run build -w web` builds it too).
export default defineConfig({
  root: fileURLToPath(new URL('./gallery', import.meta.url)),
  base: '/gallery/',
  plugins: [react(), precompress()],
  resolve: { conditions: ['source'] },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
});
