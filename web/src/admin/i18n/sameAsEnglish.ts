import type { SameAsEnglish } from '../../i18n/sameAsEnglish.js';

/**
 * Admin strings a translation may leave exactly as in English, reviewed one by one (see
 * web/src/i18n/sameAsEnglish.ts); adminTranslations.unit.spec.ts fails on any other, and on an
 * entry that no longer matches.
 */
export const adminSameAsEnglish: readonly SameAsEnglish[] = [
  { key: 'dashboard.actions.urgent', languages: ['fr'], reason: 'French “urgent” is spelt the same' },
  { key: 'drivers.rating', languages: 'all', reason: 'a star and the number: no words to translate' },
  { key: 'users.fields.email', languages: ['fr', 'pt'], reason: 'French and Portuguese write “E-mail” the same' },
  { key: 'users.columns.type', languages: ['fr'], reason: 'French “type” is spelt the same' },
  { key: 'users.typeFilter', languages: ['fr'], reason: 'French “type” is spelt the same' },
  { key: 'drivers.columns.type', languages: ['fr'], reason: 'French “type” is spelt the same' },
  { key: 'users.columns.actions', languages: ['fr'], reason: 'French “actions” is spelt the same' },
  { key: 'drivers.columns.actions', languages: ['fr'], reason: 'French “actions” is spelt the same' },
  { key: 'drivers.details.contact', languages: ['fr'], reason: 'French “contact” is spelt the same' },
  { key: 'drivers.details.documents', languages: ['fr'], reason: 'French “documents” is spelt the same' },
  { key: 'drivers.counters.total', languages: ['fr', 'pt'], reason: 'French and Portuguese “total” are spelt the same' },
  { key: 'drivers.columns.performance', languages: ['fr'], reason: 'French “performance” is spelt the same' },
  { key: 'payments.columns.verdict', languages: ['fr'], reason: 'French “verdict” is spelt the same' },
  { key: 'shell.nav.incidents', languages: ['fr'], reason: 'French “incidents” is spelt the same' },
  { key: 'incidents.title', languages: ['fr'], reason: 'French “incidents” is spelt the same' },
];
