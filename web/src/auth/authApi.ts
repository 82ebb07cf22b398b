import { getJson, postJson, requestJson } from '../api/http.js';
import type { CodePurpose, MfaMethod } from '../../../domain/account/index.js';
import type { CodeDelivery, LoginResponse, Outbox, RegisterBody, RegisterResponse, SetupMfaResponse, VerifyMfaResponse } from '../../../contract/auth.js';
import type { LanguageCode } from '../i18n/languages.js';

/** The sign-in routes' wire shapes, from the contract (contract/auth.ts). */
export type { CodeDelivery, CodePurpose };
export type LoginAnswer = LoginResponse;
export type RegisterAnswer = RegisterResponse;
/** POST /api/auth/register, as the sign-up form sends it. */
export type Registration = RegisterBody;
export type MfaEnrolment = SetupMfaResponse;

export const authApi = {
  login: (email: string, password: string) => postJson<LoginAnswer>('/api/auth/login', { email, password }),
  register: (registration: Registration) => postJson<RegisterAnswer>('/api/auth/register', registration),
  setupMfa: (userId: string, method: MfaMethod, phoneNumber?: string) =>
    postJson<MfaEnrolment>('/api/auth/setup-mfa', { userId, method, ...(phoneNumber ? { phoneNumber } : {}) }),
  sendCode: (userId: string, purpose: CodePurpose) => postJson<CodeDelivery>('/api/auth/send-mfa-code', { userId, purpose }),
  verify: (userId: string, code: string) => postJson<VerifyMfaResponse>('/api/auth/verify-mfa', { userId, code }),
  setLanguage: (preferredLanguage: LanguageCode) => requestJson<unknown>('PATCH', '/api/auth/preferences', { preferredLanguage }),
  /** Whether the development outbox answers (it does not exist in production). */
  outboxAvailable: () =>
    getJson<Outbox>('/api/dev/outbox?to=none').then(
      () => true,
      () => false,
    ),
};
