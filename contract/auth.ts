import { z } from 'zod';
import { PublicUser } from './session.js';
import {
  CodePurpose,
  Email,
  FullName,
  LoginPassword,
  MfaCode,
  MfaMethod,
  optionalField,
  Password,
  PhoneNumber,
  PreferredLanguage,
  SelfRegisteredUserType,
  UserId,
  Username,
} from './accounts.js';
import { CODE_PURPOSES, LANGUAGES, MFA_METHODS, USER_TYPES } from '../domain/account/index.js';
import { ErrorBody } from './primitives.js';

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

export { PublicUser };

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

export { ErrorBody };

/** The sign-in routes' refusals (`ErrorBody`: `{ message, code }`, sometimes with issues, retryAfterSeconds, userId). */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
} as const;

/** GET /api/dev/outbox (outside production): the one-time codes the development transport "sent". */
export const OutboxQuery = z.object({ to: z.string().max(320).optional().describe('Only messages to this phone number or e-mail address') });

export const Outbox = z.object({
  messages: z.array(
    z.object({
      channel: z.enum(['sms', 'email']),
      to: z.string(),
      purpose: z.enum(CODE_PURPOSES),
      code: z.string(),
      subject: z.string(),
      text: z.string(),
      sentAt: z.date(),
    }),
  ),
});

// — the same shapes as types: answers as the client receives them, requests (Body, Query, Params) as it sends them —

/** Output, not input: the optional fields are preprocessed ('' means left out), so their input type is unknown; a client sends them normalised. */
export type RegisterBody = z.output<typeof RegisterBody>;
export type LoginBody = z.input<typeof LoginBody>;
export type SetupMfaBody = z.output<typeof SetupMfaBody>;
export type SendMfaCodeBody = z.input<typeof SendMfaCodeBody>;
export type VerifyMfaBody = z.input<typeof VerifyMfaBody>;
export type PreferencesBody = z.input<typeof PreferencesBody>;
export type CodeDelivery = z.infer<typeof CodeDelivery>;
export type RegisterResponse = z.infer<typeof RegisterResponse>;
export type LoginResponse = z.infer<typeof LoginResponse>;
export type SetupMfaResponse = z.infer<typeof SetupMfaResponse>;
export type VerifyMfaResponse = z.infer<typeof VerifyMfaResponse>;
export type OutboxQuery = z.input<typeof OutboxQuery>;
export type Outbox = z.infer<typeof Outbox>;
