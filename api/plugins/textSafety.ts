import { DomainError } from '../../domain/shared/index.js';
import type { App } from '../types.js';

// U+0000 and unpaired UTF-16 surrogates: PostgreSQL cannot store them in text or jsonb.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// In a URL, bytes that are not UTF-8 (a lone surrogate percent-encoded) decode to U+FFFD.
const UNSTORABLE_IN_URL = new RegExp(`${UNSTORABLE.source}|\uFFFD`);

/** The path of the first string (value or key) that cannot be stored, or null. */
export function findUnstorableText(value: unknown, path: string, depth = 0, pattern = UNSTORABLE): string | null {
  if (typeof value === 'string') return pattern.test(value) ? path : null;
  if (typeof value !== 'object' || value === null || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`;
    if (pattern.test(key)) return itemPath;
    const found = findUnstorableText(item, itemPath, depth + 1, pattern);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses, before any route sees it, text no database column can hold (a NUL byte, half a
 * surrogate pair) with a 400 naming the field — instead of a 500 from PostgreSQL, or the text
 * silently garbled into an event that can never be changed.
 */
export function registerTextSafety(app: App): void {
  app.addHook('preValidation', async (request) => {
    const field =
      findUnstorableText(request.params, 'params', 0, UNSTORABLE_IN_URL) ??
      findUnstorableText(request.query, 'querystring', 0, UNSTORABLE_IN_URL) ??
      findUnstorableText(request.body, 'body');
    if (field) {
      throw new DomainError('invalid', `${field}: contains a character that cannot be stored (a NUL byte or half of a surrogate pair)`, {
        issues: [{ field, message: 'contains a character that cannot be stored' }],
      });
    }
  });
}
