import type { LanguageCode } from './languages.js';

/**
 * Values a translation may leave exactly as in English — reviewed one by one. Only proper nouns
 * (the brand, mobile-money brands) and words a language spells the same way belong here;
 * translations.unit.spec.ts fails on any other value that equals the English, and on any entry
 * here that no longer matches (so the list never grows stale).
 */
export interface SameAsEnglish {
  key: string;
  languages: readonly Exclude<LanguageCode, 'en'>[] | 'all';
  reason: string;
}

export const sameAsEnglish: readonly SameAsEnglish[] = [
  { key: 'app.name', languages: 'all', reason: 'brand name: Tiyende is Nyanja for “let’s go” in every language' },
  { key: 'catalogue.paymentMethods.airtel_money.name', languages: 'all', reason: 'brand name' },
  { key: 'catalogue.paymentMethods.zamtel_kwacha.name', languages: 'all', reason: 'brand name' },
  { key: 'catalogue.paymentMethods.mtn_money.name', languages: 'all', reason: 'brand name' },
  { key: 'footer.services', languages: ['fr'], reason: 'French “services” is spelt the same' },
  { key: 'emergency.police', languages: ['fr'], reason: 'French “police” is spelt the same' },
  { key: 'emergency.ambulance', languages: ['fr'], reason: 'French “ambulance” is spelt the same' },
  { key: 'book.destination', languages: ['fr'], reason: 'French “destination” is spelt the same' },
  { key: 'support.account.promotions', languages: ['fr'], reason: 'French “promotions” is spelt the same' },
  { key: 'catalogue.placeCategories.Restaurant', languages: ['fr'], reason: 'French “restaurant” is spelt the same' },
  { key: 'catalogue.placeCategories.Hospital', languages: ['pt'], reason: 'Portuguese “hospital” is spelt the same' },
  { key: 'catalogue.placeCategories.Hotel', languages: ['pt'], reason: 'Portuguese “hotel” is spelt the same' },
  { key: 'safety.messages.title', languages: ['fr'], reason: 'French “messages” is spelt the same' },
  { key: 'safety.messages.label', languages: ['fr'], reason: 'French “message” is spelt the same' },
];
