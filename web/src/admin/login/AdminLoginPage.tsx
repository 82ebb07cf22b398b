import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { authFlowMachine, type AuthStep } from '../../auth/authFlow.js';
import { rememberSignedIn, type SessionUser } from '../../auth/authState.js';
import '../../auth/auth.css';
import { SecondFactorStep } from '../../auth/SecondFactorStep.js';
import { PageMeta } from '../../seo/PageMeta.js';
import { PathLink } from '../../shell/PathLink.js';
import { adminAccessQueryKey, useAdminAccess } from '../access/adminAccess.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import '../admin.css';
import { AdminCredentialsForm } from './AdminCredentialsForm.js';

/**
 * /admin/login: the admin's password, then the second factor with the app's own steps (the same
 * flow machine and code entry as /auth), then /admin. An admin already signed in goes straight there.
 */
export function AdminLoginPage() {
  const { t } = useAdminTranslation();
  const router = useRouter();
  const queryClient = useQueryClient();
  const access = useAdminAccess();
  const [flow, send] = useMachine(authFlowMachine);
  const step = flow.value as AuthStep;

  if (step === 'credentials' && access.data?.kind === 'granted') return <Navigate to="/admin" replace />;

  const verified = (user: SessionUser) => {
    send({ type: 'VERIFIED' });
    rememberSignedIn(queryClient, user);
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    queryClient.setQueryData(adminAccessQueryKey, user.userType === 'admin' ? { kind: 'granted', admin: user } : { kind: 'denied' });
    router.history.replace('/admin');
  };
  const cancel = () => send({ type: 'CANCEL' });

  return (
    <main id="main" tabIndex={-1} className="admin-login">
      <PageMeta title={t('login.metaTitle')} description={t('meta.description')} />
      <div className="card admin-login__card">
        <header className="admin-login__header">
          <span className="logo__mark" aria-hidden="true">
            T
          </span>
          <h1 id="admin-login-title">{t('login.title')}</h1>
          <p className="fine-print">{t('login.intro')}</p>
        </header>
        {step === 'credentials' ? (
          <AdminCredentialsForm onSignedIn={(answer) => send({ type: 'SIGNED_IN', answer })} />
        ) : (
          <SecondFactorStep step={step} context={flow.context} send={send} onVerified={verified} onCancel={cancel} />
        )}
        <p className="admin-login__notice">{t('login.authorizedOnly')}</p>
      </div>
      <PathLink href="/" className="admin-login__back">
        {t('login.backToApp')}
      </PathLink>
    </main>
  );
}
