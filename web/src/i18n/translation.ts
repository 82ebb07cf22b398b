import type { en } from './locales/en.js';

/** The same keys as English, every value a string of the translator's own. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Translation = Shape<typeof en>;

/** The sections only some routes show: each loads with its routes (sections.ts), not with the first page. */
export type RouteSection = 'auth' | 'booking' | 'tracking' | 'driver' | 'support' | 'payments' | 'safety';
/** What every screen may need, loaded before the first paint. */
export type CommonTranslation = Omit<Translation, RouteSection>;
