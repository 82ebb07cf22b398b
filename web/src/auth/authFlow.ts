import { assign, setup } from 'xstate';
import type { MfaMethod } from './authState.js';
import type { CodeDelivery, CodePurpose, LoginAnswer, MfaEnrolment } from './authApi.js';

/** The authenticator app's enrolment (POST /api/auth/setup-mfa with method totp), kept while the first code is typed. */
export type TotpEnrolment = Omit<Extract<MfaEnrolment, { method: 'totp' }>, 'method'>;

export interface AuthFlowContext {
  /** The account half-way through signing in (the API's temporary user id). */
  userId: string | null;
  purpose: CodePurpose;
  method: MfaMethod | null;
  delivery: CodeDelivery | null;
  enrolment: TotpEnrolment | null;
}

export type AuthFlowEvent =
  | { type: 'SIGNED_IN'; answer: LoginAnswer }
  | { type: 'REGISTERED'; userId: string }
  | { type: 'ENROLLED'; enrolment: MfaEnrolment }
  | { type: 'CONTINUE' }
  | { type: 'CODE_SENT'; delivery: CodeDelivery }
  | { type: 'CHANGE_METHOD' }
  | { type: 'VERIFIED' }
  | { type: 'CANCEL' };

const initialContext: AuthFlowContext = { userId: null, purpose: 'login', method: null, delivery: null, enrolment: null };

/**
 * The auth screen's steps (spec 001 §4 "Authentication flow"): credentials; then, for an account
 * without a second factor (every new registration), choosing SMS or an authenticator app; for the
 * app, the QR code, secret and backup codes; then the code; then signed in. Cancel returns to the
 * credentials and forgets the half-finished sign-in. The calls are made by the screens; the
 * machine only records where their answers lead.
 */
export const authFlowMachine = setup({
  types: { context: {} as AuthFlowContext, events: {} as AuthFlowEvent },
  guards: {
    needsEnrolment: ({ event }) => event.type === 'SIGNED_IN' && !event.answer.mfaEnabled,
    isAppEnrolment: ({ event }) => event.type === 'ENROLLED' && event.enrolment.method === 'totp',
  },
  actions: {
    rememberSignIn: assign(({ event }) => {
      if (event.type !== 'SIGNED_IN') return {};
      const { userId, mfaMethod, codeDelivery } = event.answer;
      return { userId, purpose: 'login' as const, method: mfaMethod, delivery: codeDelivery, enrolment: null };
    }),
    rememberRegistration: assign(({ event }) =>
      event.type === 'REGISTERED' ? { userId: event.userId, purpose: 'registration' as const, method: null, delivery: null, enrolment: null } : {},
    ),
    rememberEnrolment: assign(({ event }) => {
      if (event.type !== 'ENROLLED') return {};
      const enrolment = event.enrolment;
      return enrolment.method === 'totp'
        ? { method: 'totp' as const, delivery: null, enrolment: { secret: enrolment.secret, otpauthUrl: enrolment.otpauthUrl, backupCodes: enrolment.backupCodes } }
        : { method: 'sms' as const, delivery: enrolment.codeDelivery, enrolment: null };
    }),
    rememberDelivery: assign(({ event }) => (event.type === 'CODE_SENT' ? { delivery: event.delivery } : {})),
    forget: assign(() => initialContext),
  },
}).createMachine({
  id: 'authFlow',
  context: initialContext,
  initial: 'credentials',
  states: {
    credentials: {
      on: {
        SIGNED_IN: [
          { guard: 'needsEnrolment', target: 'chooseMethod', actions: 'rememberSignIn' },
          { target: 'code', actions: 'rememberSignIn' },
        ],
        REGISTERED: { target: 'chooseMethod', actions: 'rememberRegistration' },
      },
    },
    chooseMethod: {
      on: {
        ENROLLED: [
          { guard: 'isAppEnrolment', target: 'appEnrolment', actions: 'rememberEnrolment' },
          { target: 'code', actions: 'rememberEnrolment' },
        ],
        CANCEL: { target: 'credentials', actions: 'forget' },
      },
    },
    appEnrolment: {
      on: {
        CONTINUE: 'code',
        CHANGE_METHOD: 'chooseMethod',
        CANCEL: { target: 'credentials', actions: 'forget' },
      },
    },
    code: {
      on: {
        CODE_SENT: { actions: 'rememberDelivery' },
        VERIFIED: 'signedIn',
        CANCEL: { target: 'credentials', actions: 'forget' },
      },
    },
    signedIn: { type: 'final' },
  },
});

export type AuthStep = 'credentials' | 'chooseMethod' | 'appEnrolment' | 'code' | 'signedIn';
