// wouter imports the `use-sync-external-store` shim, written for React before 18; React 19 has the hook itself. The
// build points the shim here (vite.config.ts), so the app ships React's own hook instead of ~0.4 KB gzip of shim.
export { useSyncExternalStore } from 'react';
