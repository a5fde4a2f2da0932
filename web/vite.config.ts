import { fileURLToPath } from 'node:url';
import { precompress } from '@runofshow/ui/vite-precompress';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineCss } from './scripts/inline-css.js';

// The sign-in app lives under /app.login/. `source` lets Vite read the SDK's TypeScript directly.
export default defineConfig({
  base: '/app.login/',
  plugins: [react(), inlineCss(), precompress()],
  resolve: {
    conditions: ['source'],
    alias: {
      'use-sync-external-store/shim/index.js': fileURLToPath(
        new URL('./src/lib/use-sync-external-store.ts', import.meta.url),
      ),
    },
  },
  // The server build of src/prerender.tsx (scripts/prerender.ts): the SDK and the shared pieces are read from their
  // TypeScript and bundled.
  ssr: {
    noExternal: ['@runofshow/sdk', '@runofshow/ui'],
    resolve: { conditions: ['source', 'module', 'node', 'production'] },
  },
  build: {
    target: 'es2022',
    modulePreload: { polyfill: false },
    // One stylesheet for every screen (~2 KB gzip), inlined into the HTML by inlineCss().
    cssCodeSplit: false,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes in the entry's own file: one request before first render,
        // not four (React, the preload helper and the shared card would otherwise be split off).
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
        // A part of the catalogue is named for its locale and part (i18n-de-core-….js): the budget and the e2e
        // tests tell a visitor's texts from another locale's by that name.
        // §9 monitoring's chunks are rum-<name>-….js: the budget counts them apart, as they load after the page is
        // interactive.
        chunkFileNames: (chunk) => {
          const part = /\/i18n\/(en|de|ar)\/(\w+)\.ts$/.exec(chunk.facadeModuleId ?? '');
          if (part) return `assets/i18n-${part[1]}-${part[2]}-[hash].js`;
          return /\/lib\/monitoring\//.test(chunk.facadeModuleId ?? '')
            ? 'assets/rum-[name]-[hash].js'
            : 'assets/[name]-[hash].js';
        },
      },
    },
  },
});
