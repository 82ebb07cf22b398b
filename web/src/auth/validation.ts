import type { Registration } from './authApi.js';

/** Translation keys of the messages the auth forms show (spec 001 §5). */
export type AuthMessage =
  | 'auth.errors.email'
  | 'auth.errors.passwordShort'
  | 'auth.errors.passwordShortLong'
  | 'auth.errors.passwordsDiffer'
  | 'auth.errors.fullName'
  | 'auth.errors.username'
  | 'auth.errors.phone';

export type Problems<Field extends string> = Partial<Record<Field, AuthMessage>>;

export const PASSWORD_MIN = 6;
export const FULL_NAME_MIN = 2;
export const USERNAME_MIN = 3;
export const PHONE_MIN = 10;
export const CODE_LENGTH = 6;

// The shape browsers and the API accept: something@domain.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SignInFields {
  email: string;
  password: string;
}

export function signInProblems({ email, password }: SignInFields): Problems<keyof SignInFields> {
  const problems: Problems<keyof SignInFields> = {};
  if (!EMAIL.test(email.trim())) problems.email = 'auth.errors.email';
  if (password.length < PASSWORD_MIN) problems.password = 'auth.errors.passwordShort';
  return problems;
}

export type SignUpFields = Omit<Registration, 'preferredLanguage'>;

export function signUpProblems(fields: SignUpFields): Problems<keyof SignUpFields> {
  const problems: Problems<keyof SignUpFields> = {};
  if (fields.fullName.trim().length < FULL_NAME_MIN) problems.fullName = 'auth.errors.fullName';
  if (!EMAIL.test(fields.email.trim())) problems.email = 'auth.errors.email';
  const username = fields.username?.trim() ?? '';
  if (username !== '' && username.length < USERNAME_MIN) problems.username = 'auth.errors.username';
  const phone = fields.phoneNumber?.trim() ?? '';
  if (phone !== '' && phone.length < PHONE_MIN) problems.phoneNumber = 'auth.errors.phone';
  if (fields.password.length < PASSWORD_MIN) problems.password = 'auth.errors.passwordShortLong';
  if (fields.confirmPassword !== fields.password) problems.confirmPassword = 'auth.errors.passwordsDiffer';
  return problems;
}

/** What the registration call sends: trimmed, with the optional fields left out when blank. */
export function registrationOf(fields: SignUpFields, preferredLanguage: Registration['preferredLanguage']): Registration {
  const username = fields.username?.trim();
  const phoneNumber = fields.phoneNumber?.trim();
  return {
    fullName: fields.fullName.trim(),
    email: fields.email.trim(),
    ...(username ? { username } : {}),
    ...(phoneNumber ? { phoneNumber } : {}),
    password: fields.password,
    confirmPassword: fields.confirmPassword,
    userType: fields.userType,
    preferredLanguage,
  };
}

/** Only digits, at most six: what the code box keeps of what is typed or pasted. */
export const codeDigits = (typed: string): string => typed.replace(/\D/g, '').slice(0, CODE_LENGTH);

export const isCompleteCode = (code: string): boolean => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);

/** A backup code as the API issues them: xxxx-xxxx-xx (dashes optional). */
export const isBackupCode = (code: string): boolean => /^[a-z0-9]{4}-?[a-z0-9]{4}-?[a-z0-9]{2}$/i.test(code.trim());

export const hasProblems = (problems: object): boolean => Object.keys(problems).length > 0;

/** The API's `issues` (`body.email`) as form fields (`email`), for messages beside the inputs. */
export function fieldIssues(body: string): Record<string, string> {
  try {
    const parsed = JSON.parse(body) as { issues?: Array<{ field?: unknown; message?: unknown }> };
    const issues: Record<string, string> = {};
    for (const issue of parsed.issues ?? []) {
      if (typeof issue.field === 'string' && typeof issue.message === 'string') issues[issue.field.replace(/^body\./, '')] ??= issue.message;
    }
    return issues;
  } catch {
    return {};
  }
}
