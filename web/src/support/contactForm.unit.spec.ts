import { describe, expect, it } from 'vitest';
import { contactRequestBody, emptyContactMessage, validateContactMessage, type ContactMessage } from './contactForm.js';

const valid: ContactMessage = {
  name: 'Chanda Mwila',
  email: 'chanda@example.zm',
  subject: 'Lost phone',
  category: 'other',
  message: 'I left my phone in the car on Saturday.',
  urgency: 'high',
};

describe('the support contact form', () => {
  it('starts empty with medium urgency, and lists every failing field at once', () => {
    expect(emptyContactMessage.urgency).toBe('medium');
    expect(validateContactMessage(emptyContactMessage)).toEqual({
      name: 'support.contact.errors.name',
      email: 'support.contact.errors.email',
      subject: 'support.contact.errors.subject',
      category: 'support.contact.errors.category',
      message: 'support.contact.errors.message',
    });
  });

  it('accepts a complete message', () => {
    expect(validateContactMessage(valid)).toEqual({});
  });

  it('holds each field to its minimum, counting what is left after trimming', () => {
    expect(validateContactMessage({ ...valid, name: ' C ' })).toEqual({ name: 'support.contact.errors.name' });
    expect(validateContactMessage({ ...valid, subject: 'Help' })).toEqual({ subject: 'support.contact.errors.subject' });
    expect(validateContactMessage({ ...valid, message: 'Too short' })).toEqual({ message: 'support.contact.errors.message' });
    expect(validateContactMessage({ ...valid, email: 'chanda@example' })).toEqual({ email: 'support.contact.errors.email' });
  });

  it('sends trimmed text', () => {
    expect(contactRequestBody({ ...valid, name: '  Chanda Mwila ' })).toMatchObject({ name: 'Chanda Mwila', urgency: 'high', category: 'other' });
  });
});
