import { z } from 'zod';
import { LANGUAGES, MFA_METHODS, USER_TYPES } from '../../accounts/accounts.table.js';
import {
  CodePurpose,
  Email,
  FullName,
  LoginPassword,
  MfaCode,
  MfaMethod,
  Password,
  PhoneNumber,
  PreferredLanguage,
  SelfRegisteredUserType,
  UserId,
  Username,
  optionalField,
} from '../../accounts/validation.js';

export const RegisterBody = z
  .object({
    email: Email,
    password: Password,
    /** The combined sign-up page asks twice; when sent, the two must match. */
    confirmPassword: optionalField(z.string().max(256, 'Password must be at most 256 characters')),
    fullName: FullName,
    username: optionalField(Username),
    phoneNumber: optionalField(PhoneNumber),
    userType: SelfRegisteredUserType.default('passenger'),
    preferredLanguage: optionalField(PreferredLanguage),
  })
  .refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.password, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

export const LoginBody = z.object({ email: Email, password: LoginPassword });

export const SetupMfaBody = z.object({
  userId: UserId,
  method: MfaMethod,
  /** For SMS: the number to send codes to, when the account has none yet (or a new one). */
  phoneNumber: optionalField(PhoneNumber),
});

export const SendMfaCodeBody = z.object({ userId: UserId, purpose: CodePurpose });

export const VerifyMfaBody = z.object({ userId: UserId, code: MfaCode });

export const PreferencesBody = z.object({ preferredLanguage: PreferredLanguage });

export const PublicUser = z.object({
  id: z.uuid(),
  email: z.string(),
  username: z.string().nullable(),
  fullName: z.string(),
  phoneNumber: z.string().nullable(),
  userType: z.enum(USER_TYPES),
  preferredLanguage: z.enum(LANGUAGES),
  mfaEnabled: z.boolean(),
  mfaMethod: z.enum(MFA_METHODS).nullable(),
});

export const CodeDelivery = z.object({
  channel: z.enum(['sms', 'email']),
  destination: z.string().describe('Where the code went, masked'),
  expiresInSeconds: z.number().int(),
  resendInSeconds: z.number().int(),
});

export const RegisterResponse = z.object({ userId: z.uuid(), requiresMfa: z.literal(true), mfaEnabled: z.literal(false) });

export const LoginResponse = z.object({
  requiresMfa: z.literal(true),
  userId: z.uuid(),
  mfaEnabled: z.boolean().describe('false: set up a second factor first (setup-mfa)'),
  mfaMethod: z.enum(MFA_METHODS).nullable(),
  codeDelivery: CodeDelivery.nullable().describe('For SMS accounts the code is sent at once'),
});

export const SetupMfaResponse = z.discriminatedUnion('method', [
  z.object({ method: z.literal('sms'), codeDelivery: CodeDelivery }),
  z.object({
    method: z.literal('totp'),
    secret: z.string().describe('Base32, to type into an authenticator app'),
    otpauthUrl: z.string().describe('otpauth:// URL for a QR code'),
    backupCodes: z.array(z.string()).describe('Single-use; they work once the first app code is verified'),
  }),
]);

export const VerifyMfaResponse = z.object({ user: PublicUser, backupCodesRemaining: z.number().int().optional() });

/** Every refusal: `{ message, code }`, sometimes with more (issues, retryAfterSeconds, userId). */
export const ErrorBody = z.looseObject({ message: z.string(), code: z.string() });

export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
} as const;
