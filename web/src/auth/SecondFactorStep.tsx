import type { ReactNode } from 'react';
import { AppEnrolment } from './AppEnrolment.js';
import type { AuthFlowContext, AuthFlowEvent, AuthStep } from './authFlow.js';
import type { SessionUser } from './authState.js';
import { ChooseMethod } from './ChooseMethod.js';
import { CodeEntry } from './CodeEntry.js';

interface SecondFactorStepProps {
  step: AuthStep;
  context: AuthFlowContext;
  send(event: AuthFlowEvent): void;
  onVerified(user: SessionUser, backupCodesRemaining: number | undefined): void;
  onCancel(): void;
  /** What shows on any other step: the credentials are each page's own. */
  fallback?: ReactNode;
}

/**
 * The auth flow's steps after the password, the same on /auth and /admin/login: choosing the
 * second factor, the authenticator app's set-up, then the code.
 */
export function SecondFactorStep({ step, context, send, onVerified, onCancel, fallback = null }: SecondFactorStepProps) {
  const { userId, purpose, method, delivery, enrolment } = context;
  if (step === 'chooseMethod' && userId) return <ChooseMethod userId={userId} onEnrolled={(next) => send({ type: 'ENROLLED', enrolment: next })} onCancel={onCancel} />;
  if (step === 'appEnrolment' && enrolment) {
    return <AppEnrolment enrolment={enrolment} onContinue={() => send({ type: 'CONTINUE' })} onChangeMethod={() => send({ type: 'CHANGE_METHOD' })} onCancel={onCancel} />;
  }
  if (step === 'code' && userId) {
    return (
      <CodeEntry userId={userId} purpose={purpose} method={method} delivery={delivery} onVerified={onVerified} onCodeSent={(next) => send({ type: 'CODE_SENT', delivery: next })} onCancel={onCancel} />
    );
  }
  return fallback;
}
