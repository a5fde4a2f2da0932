/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Direct mode: the API's base URL (the Prism mock in development). */
  readonly VITE_API_ENDPOINT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
