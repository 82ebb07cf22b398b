import { createFileRoute } from '@tanstack/react-router';
import { useSignedInUser, warmSignedIn } from '../../auth/signedIn.js';
import { loadSections } from '../../i18n/setup.js';
import { myPaymentsQueryOptions, offeredMethodsQueryOptions } from '../../payments/paymentsApi.js';
import { PaymentsPage } from '../../payments/PaymentsPage.js';

/** /payments: the signed-in rider's payments, saved accounts and the development wallet (the server checks who may see what). */
export const Route = createFileRoute('/_signedIn/payments')({
  staticData: { signIn: { allow: ['passenger', 'driver'], hint: 'auth.protected.loginToContinue' } },
  loader: ({ context }) =>
    Promise.all([
      loadSections('payments'),
      warmSignedIn(context, (_user, client) => [client.ensureQueryData(myPaymentsQueryOptions()), client.ensureQueryData(offeredMethodsQueryOptions())]),
    ]),
  component: PaymentsRoute,
});

function PaymentsRoute() {
  return <PaymentsPage user={useSignedInUser()} />;
}
