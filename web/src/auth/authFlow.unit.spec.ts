import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { LoginAnswer } from './authApi.js';
import { authFlowMachine, type AuthFlowEvent } from './authFlow.js';

const userId = '0b6f3c56-8f0e-4a53-9a43-5b1f1d2a7e11';
const delivery = { channel: 'sms' as const, destination: '+260 ••• ••• 567', expiresInSeconds: 300, resendInSeconds: 30 };
const login = (answer: Partial<LoginAnswer>): AuthFlowEvent => ({
  type: 'SIGNED_IN',
  answer: { requiresMfa: true, userId, mfaEnabled: true, mfaMethod: 'totp', codeDelivery: null, ...answer },
});

/** Given the events so far, where the flow stands and what it holds. */
function after(...events: AuthFlowEvent[]) {
  const actor = createActor(authFlowMachine).start();
  for (const event of events) actor.send(event);
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
}

describe('the auth flow', () => {
  it('given an account with a second factor, when the password is accepted, then it asks for the code', () => {
    const state = after(login({ mfaMethod: 'sms', codeDelivery: delivery }));
    expect(state.value).toBe('code');
    expect(state.context).toMatchObject({ userId, purpose: 'login', method: 'sms', delivery });
  });

  it('given an account without a second factor, when the password is accepted, then it asks to set one up', () => {
    expect(after(login({ mfaEnabled: false, mfaMethod: null })).value).toBe('chooseMethod');
  });

  it('given a new registration, then it always goes to the set-up, for the registration purpose', () => {
    const state = after({ type: 'REGISTERED', userId });
    expect(state.value).toBe('chooseMethod');
    expect(state.context.purpose).toBe('registration');
  });

  it('given an app enrolment, it shows the secret and backup codes before the code', () => {
    const enrolled = after(
      { type: 'REGISTERED', userId },
      { type: 'ENROLLED', enrolment: { method: 'totp', secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', backupCodes: ['abcd-efgh-ij'] } },
    );
    expect(enrolled.value).toBe('appEnrolment');
    expect(enrolled.context.enrolment?.secret).toBe('JBSWY3DPEHPK3PXP');
    const state = after(
      { type: 'REGISTERED', userId },
      { type: 'ENROLLED', enrolment: { method: 'totp', secret: 'S', otpauthUrl: 'u', backupCodes: [] } },
      { type: 'CONTINUE' },
    );
    expect(state.value).toBe('code');
    expect(state.context.method).toBe('totp');
  });

  it('given an SMS enrolment, it goes straight to the code with the delivery, and a resend replaces it', () => {
    const resent = { ...delivery, destination: 'again' };
    const state = after({ type: 'REGISTERED', userId }, { type: 'ENROLLED', enrolment: { method: 'sms', codeDelivery: delivery } }, { type: 'CODE_SENT', delivery: resent });
    expect(state.value).toBe('code');
    expect(state.context.delivery).toEqual(resent);
  });

  it('when cancelled, it returns to the credentials and forgets the half-finished sign-in', () => {
    const state = after(login({}), { type: 'CANCEL' });
    expect(state.value).toBe('credentials');
    expect(state.context.userId).toBeNull();
  });

  it('when the code is verified, it ends signed in; events out of turn change nothing', () => {
    expect(after(login({}), { type: 'VERIFIED' }).status).toBe('done');
    expect(after({ type: 'VERIFIED' }).value).toBe('credentials');
    expect(after({ type: 'CONTINUE' }).value).toBe('credentials');
  });
});
