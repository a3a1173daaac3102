/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_MERCHANT?: string;
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_SITE_NAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Languages whose catalogue is complete against Thai (build/complete-languages.ts). */
declare module 'virtual:complete-languages' {
  export const COMPLETE_LANGUAGES: readonly string[];
}
