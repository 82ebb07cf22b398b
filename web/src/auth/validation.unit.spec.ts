import { describe, expect, it } from 'vitest';
import { codeDigits, fieldIssues, isBackupCode, isCompleteCode, registrationOf, signInProblems, signUpProblems, type SignUpFields } from './validation.js';

const valid: SignUpFields = {
  fullName: 'Mwila Banda',
  email: 'mwila@example.zm',
  username: '',
  phoneNumber: '',
  password: 'secret1',
  confirmPassword: 'secret1',
  userType: 'passenger',
};

describe('the sign-in form', () => {
  it('accepts a valid address and a password of 6 characters', () => {
    expect(signInProblems({ email: 'a@b.zm', password: '123456' })).toEqual({});
  });
  it('names the spec messages for a bad address and a short password', () => {
    expect(signInProblems({ email: 'not-an-address', password: '12345' })).toEqual({
      email: 'auth.errors.email',
      password: 'auth.errors.passwordShort',
    });
  });
});

describe('the sign-up form', () => {
  it('accepts the required fields alone (username and phone are optional)', () => {
    expect(signUpProblems(valid)).toEqual({});
  });
  it('lists every broken rule at once', () => {
    expect(
      signUpProblems({ ...valid, fullName: 'M', email: 'x', username: 'ab', phoneNumber: '097', password: '123', confirmPassword: '1234' }),
    ).toEqual({
      fullName: 'auth.errors.fullName',
      email: 'auth.errors.email',
      username: 'auth.errors.username',
      phoneNumber: 'auth.errors.phone',
      password: 'auth.errors.passwordShortLong',
      confirmPassword: 'auth.errors.passwordsDiffer',
    });
  });
  it('sends trimmed text and leaves blank optional fields out', () => {
    expect(registrationOf({ ...valid, fullName: '  Mwila Banda ', username: '  ' }, 'bem')).toEqual({
      fullName: 'Mwila Banda',
      email: 'mwila@example.zm',
      password: 'secret1',
      confirmPassword: 'secret1',
      userType: 'passenger',
      preferredLanguage: 'bem',
    });
  });
});

describe('the code box', () => {
  it('keeps at most six digits of whatever is typed or pasted', () => {
    expect(codeDigits('12a3 45-678')).toBe('123456');
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('123456')).toBe(true);
  });
  it('recognises backup codes with or without dashes', () => {
    expect(isBackupCode('ab12-cd34-ef')).toBe(true);
    expect(isBackupCode('ab12cd34ef')).toBe(true);
    expect(isBackupCode('ab12-cd34')).toBe(false);
  });
});

describe("the API's field issues", () => {
  it('are keyed by form field', () => {
    expect(fieldIssues(JSON.stringify({ message: 'x', issues: [{ field: 'body.email', message: 'Email is taken' }] }))).toEqual({ email: 'Email is taken' });
    expect(fieldIssues('not json')).toEqual({});
  });
});
