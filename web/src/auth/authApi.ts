import { getJson, postJson, requestJson } from '../api/http.js';
import type { LanguageCode } from '../i18n/languages.js';
import type { MfaMethod, SessionUser } from './authState.js';

/** Where a one-time code went (masked) and when another may be asked for. */
export interface CodeDelivery {
  channel: 'sms' | 'email';
  destination: string;
  expiresInSeconds: number;
  resendInSeconds: number;
}

export interface LoginAnswer {
  requiresMfa: true;
  userId: string;
  mfaEnabled: boolean;
  mfaMethod: MfaMethod | null;
  codeDelivery: CodeDelivery | null;
}

export interface RegisterAnswer {
  userId: string;
  requiresMfa: true;
  mfaEnabled: false;
}

export interface Registration {
  fullName: string;
  email: string;
  username?: string;
  phoneNumber?: string;
  password: string;
  confirmPassword: string;
  userType: 'passenger' | 'driver';
  preferredLanguage: LanguageCode;
}

export type MfaEnrolment =
  | { method: 'sms'; codeDelivery: CodeDelivery }
  | { method: 'totp'; secret: string; otpauthUrl: string; backupCodes: string[] };

export type CodePurpose = 'login' | 'registration';

export const authApi = {
  login: (email: string, password: string) => postJson<LoginAnswer>('/api/auth/login', { email, password }),
  register: (registration: Registration) => postJson<RegisterAnswer>('/api/auth/register', registration),
  setupMfa: (userId: string, method: MfaMethod, phoneNumber?: string) =>
    postJson<MfaEnrolment>('/api/auth/setup-mfa', { userId, method, ...(phoneNumber ? { phoneNumber } : {}) }),
  sendCode: (userId: string, purpose: CodePurpose) => postJson<CodeDelivery>('/api/auth/send-mfa-code', { userId, purpose }),
  verify: (userId: string, code: string) => postJson<{ user: SessionUser; backupCodesRemaining?: number }>('/api/auth/verify-mfa', { userId, code }),
  setLanguage: (preferredLanguage: LanguageCode) => requestJson<unknown>('PATCH', '/api/auth/preferences', { preferredLanguage }),
  /** Whether the development outbox answers (it does not exist in production). */
  outboxAvailable: () =>
    getJson<{ messages: unknown[] }>('/api/dev/outbox?to=none').then(
      () => true,
      () => false,
    ),
};
