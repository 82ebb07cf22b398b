import { createFileRoute } from '@tanstack/react-router';
import { warmSignedIn } from '../../auth/signedIn.js';
import { loadSections } from '../../i18n/setup.js';
import { trustedContactsQueryOptions } from '../../safety/safetyApi.js';
import { TrustedContactsPage } from '../../safety/TrustedContactsPage.js';

/** /safety/contacts: a rider's trusted contacts (the server keys the list by the session). */
export const Route = createFileRoute('/_signedIn/safety/contacts')({
  staticData: { signIn: { allow: ['passenger'], hint: 'safety.contacts.signInHint' } },
  loader: ({ context }) =>
    Promise.all([loadSections('tracking', 'safety'), warmSignedIn(context, (_user, client) => [client.ensureQueryData(trustedContactsQueryOptions())])]),
  component: TrustedContactsPage,
});
