import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContactParams, TrustedContactBody, TrustedContactList } from '../../../contract/safety.js';
import { loadState } from '../../../commands/shared/driverFacts.js';
import { addTrustedContact, removeTrustedContact, updateTrustedContact } from '../../../commands/trustedContacts/index.js';
import { MAX_TRUSTED_CONTACTS, trustedContactsDecider, trustedContactsOf, trustedContactsStream, type TrustedContactsState } from '../../../domain/trustedContacts/index.js';
import { requireUser, signedInUser } from '../../plugins/auth.js';
import { commandContextFor } from '../../support/commandContext.js';
import { errorResponses, IDEMPOTENT_WRITE } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';

const tags = ['safety'];

const listOf = (state: TrustedContactsState): TrustedContactList => ({
  contacts: trustedContactsOf(state).map(({ contactId, name, phone, relationship }) => ({ contactId, name, phone, relationship })),
  max: MAX_TRUSTED_CONTACTS,
});

/** A rider's trusted contacts (up to three), always the caller's own: the list is keyed by the session, never by the request. */
export function trustedContactRoutes({ commands }: ProductRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', requireUser({ roles: ['passenger'] }));
    app.get(
      '/api/me/trusted-contacts',
      { schema: { tags, summary: 'My trusted contacts: told by SMS with a share link when I raise an SOS or ask', response: { 200: TrustedContactList, ...errorResponses } } },
      async (request) => listOf((await loadState(commands.store, trustedContactsStream(signedInUser(request).id), trustedContactsDecider)).state),
    );
    app.post(
      '/api/me/trusted-contacts',
      { schema: { tags, summary: 'Adds a trusted contact (a name and a Zambian mobile number; at most three, each number once)', description: IDEMPOTENT_WRITE, body: TrustedContactBody, response: { 201: TrustedContactList, ...errorResponses } } },
      async (request, reply) => {
        const { name, phone, relationship } = request.body;
        const result = await addTrustedContact(commands, { riderId: signedInUser(request).id, name, phone, relationship: relationship || null }, commandContextFor(request));
        return reply.status(201).send(listOf(result.state));
      },
    );
    app.put(
      '/api/me/trusted-contacts/:contactId',
      { schema: { tags, summary: 'Changes a trusted contact', description: IDEMPOTENT_WRITE, params: ContactParams, body: TrustedContactBody, response: { 200: TrustedContactList, ...errorResponses } } },
      async (request) => {
        const { name, phone, relationship } = request.body;
        const result = await updateTrustedContact(
          commands,
          { riderId: signedInUser(request).id, contactId: request.params.contactId, name, phone, relationship: relationship || null },
          commandContextFor(request),
        );
        return listOf(result.state);
      },
    );
    app.delete(
      '/api/me/trusted-contacts/:contactId',
      { schema: { tags, summary: 'Removes a trusted contact', description: IDEMPOTENT_WRITE, params: ContactParams, response: { 200: TrustedContactList, 204: z.null(), ...errorResponses } } },
      async (request) => {
        const result = await removeTrustedContact(commands, { riderId: signedInUser(request).id, contactId: request.params.contactId }, commandContextFor(request));
        return listOf(result.state);
      },
    );
  };
}
