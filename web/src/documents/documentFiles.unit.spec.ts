import { describe, expect, it } from 'vitest';
import { HttpError } from '../api/http.js';
import { uploadRefusalOf } from './documentFiles.js';

describe('upload refusals', () => {
  it('reads the reason the server gave, and calls anything else a failure', () => {
    expect(uploadRefusalOf(new HttpError(415, JSON.stringify({ code: 'upload_rejected', reason: 'unsupported_type' }), 'Unsupported'))).toBe('unsupported_type');
    expect(uploadRefusalOf(new HttpError(413, JSON.stringify({ code: 'upload_rejected', reason: 'too_large' }), 'Too large'))).toBe('too_large');
    expect(uploadRefusalOf(new HttpError(400, JSON.stringify({ code: 'upload_rejected', reason: 'rm -rf' }), 'Bad'))).toBe('failed');
    expect(uploadRefusalOf(new HttpError(502, '<html>', 'Bad gateway'))).toBe('failed');
    expect(uploadRefusalOf(new TypeError('Failed to fetch'))).toBe('failed');
  });
});
