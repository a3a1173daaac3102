import type { ResourceLanguage } from 'i18next';

/** A bundle module's default export: locale file path -> that namespace's texts. */
export type TTextBundle = Record<string, ResourceLanguage[string]>;
