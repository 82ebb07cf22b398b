import { z } from 'zod';
import { CODE_PURPOSES, LANGUAGES, MFA_METHODS } from '../domain/account/index.js';
import { normalisePhoneNumber } from '../domain/shared/phone.js';

/**
 * The registration and sign-in rules of the spec (its messages word for word where it gives
 * them), enforced here on the server. Each schema names its own failures; the error handler adds
 * the field's path.
 */

const required = (label: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`;

/** The web form sends '' for an optional field left blank: that means "not given". */
export const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

export const Email = z
  .string({ error: required('Email') })
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Invalid email address' }));

export const Password = z
  .string({ error: required('Password') })
  .min(6, 'Password must be at least 6 characters')
  .max(256, 'Password must be at most 256 characters');

/** Sign-in only checks presence: a password set under older rules must still sign in. */
export const LoginPassword = z.string({ error: required('Password') }).min(1, 'Password is required').max(256, 'Password must be at most 256 characters');

export const FullName = z
  .string({ error: required('Full name') })
  .trim()
  .min(2, 'Full name must be at least 2 characters')
  .max(100, 'Full name must be at most 100 characters');

export const Username = z
  .string({ error: required('Username') })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(/^[\p{L}\p{N}._-]+$/u, 'Username may use letters, digits, dots, dashes and underscores only');

export const PhoneNumber = z
  .string({ error: required('Phone number') })
  .trim()
  .min(10, 'Phone number must be at least 10 characters')
  .max(25, 'Phone number must be at most 25 characters')
  .transform((value, context) => {
    const normalised = normalisePhoneNumber(value);
    if (normalised === null) {
      context.addIssue({
        code: 'custom',
        message: 'Phone number must be a Zambian number such as 0971 234 567 or +260 97 123 4567, or an international number starting with +',
      });
      return z.NEVER;
    }
    return normalised;
  });

export const SelfRegisteredUserType = z.enum(['passenger', 'driver'], {
  error: (issue) =>
    issue.input === 'admin' || issue.input === 'staff'
      ? 'Administrator and staff accounts cannot be created by registering; choose passenger or driver'
      : 'User type must be passenger or driver',
});

export const PreferredLanguage = z.enum(LANGUAGES, { error: `Language must be one of ${LANGUAGES.join(', ')}` });

export const UserId = z.uuid({ error: 'User id must be the id (a UUID) returned when signing in or registering' });

export const CodePurpose = z.enum(CODE_PURPOSES, { error: 'Purpose must be login or registration' });

export const MfaMethod = z.enum(MFA_METHODS, { error: 'Method must be sms or totp' });

/** The 6-digit code (SMS, e-mail or authenticator app) or a backup code (`xxxx-xxxx-xx`). */
export const MfaCode = z
  .string({ error: required('Code') })
  .trim()
  .regex(/^(\d{6}|[a-z0-9]{4}-?[a-z0-9]{4}-?[a-z0-9]{2})$/i, 'Code must be the 6-digit code or one of your backup codes');
