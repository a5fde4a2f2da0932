import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The sign-in app lives under /app.login/. `source` lets Vite read the SDK's TypeScript directly.
export default defineConfig({
  base: '/app.login/',
  plugins: [react()],
  resolve: { conditions: ['source'] },
  // The server build of src/prerender.tsx (scripts/prerender.ts): the SDK is read from its TypeScript and bundled.
  ssr: {
    noExternal: ['@runofshow/sdk'],
    resolve: { conditions: ['source', 'module', 'node', 'production'] },
  },
  build: {
    target: 'es2022',
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
});
