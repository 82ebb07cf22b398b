import type { en } from './locales/en.js';

/** The same keys as English, every value a string of the translator's own. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Translation = Shape<typeof en>;
