import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SandboxDeclineBody, SandboxParams, SandboxRequest, SandboxRequests } from '../../../contract/payments.js';
import { DomainError } from '../../../domain/shared/index.js';
import type { SandboxWallet } from '../../../platform/payments/index.js';
import { paymentOfRide } from '../../../projections/payments/index.js';
import { requireUser, signedInUser } from '../../plugins/auth.js';
import { errorResponses } from '../../support/http.js';
import type { ProductRouteDeps } from '../product/deps.js';
import { presentSandboxRequest } from './presenters.js';

/**
 * The sandbox's development wallet (`/api/dev/payments/sandbox`): the payer's "phone", where a
 * pending request is approved or declined. Registered only while the sandbox provider is on, so
 * with real providers it does not exist at all (404). A rider sees and decides the requests of
 * their own rides; an admin all of them.
 */
export function sandboxWalletRoutes({ db, payments }: ProductRouteDeps): FastifyPluginAsyncZod {
  const wallet: SandboxWallet | null = payments?.providers.sandbox ?? null;
  return async (app) => {
    if (wallet === null) return;
    const guard = { preValidation: requireUser({ roles: ['passenger', 'admin'] }) };

    /** A request this user may act on, or the same 404 as for none. */
    const mayDecide = async (userId: string, isAdmin: boolean, reference: string) => {
      const [request] = (await wallet.list({ limit: 500 })).filter((row) => row.reference === reference);
      if (request && (isAdmin || (await paymentOfRide(db, request.ride_id))?.rider_id === userId)) return request;
      throw new DomainError('not_found', `No sandbox payment request ${reference}`, { reference });
    };

    app.get(
      '/api/dev/payments/sandbox',
      {
        schema: {
          tags: ['development'],
          summary: 'The sandbox wallet’s pending requests (yours; every one for an admin), newest first',
          response: { 200: SandboxRequests, ...errorResponses },
        },
        ...guard,
      },
      async (request) => {
        const me = signedInUser(request);
        const pending = await wallet.list({ status: 'pending', limit: 100 });
        if (me.userType === 'admin') return { requests: pending.map(presentSandboxRequest) };
        const mine = await Promise.all(pending.map(async (row) => ((await paymentOfRide(db, row.ride_id))?.rider_id === me.id ? row : null)));
        return { requests: mine.filter((row) => row !== null).map(presentSandboxRequest) };
      },
    );

    const decide = (action: 'approve' | 'decline') =>
      app.post(
        `/api/dev/payments/sandbox/:reference/${action}`,
        {
          schema: {
            tags: ['development'],
            summary: action === 'approve' ? 'Approve a pending sandbox request, as the payer would on their phone' : 'Decline a pending sandbox request',
            params: SandboxParams,
            ...(action === 'decline' ? { body: SandboxDeclineBody.optional() } : {}),
            response: { 200: SandboxRequest, ...errorResponses },
          },
          ...guard,
        },
        async (request) => {
          const me = signedInUser(request);
          const { reference } = request.params as { reference: string };
          await mayDecide(me.id, me.userType === 'admin', reference);
          const reason = (request.body as { reason?: 'declined' } | undefined)?.reason ?? 'declined';
          const decision = action === 'approve' ? await wallet.approve(reference) : await wallet.decline(reference, reason);
          if (decision === null) throw new DomainError('not_allowed_in_state', `Sandbox request ${reference} is no longer pending`, { reference });
          return presentSandboxRequest(decision.request);
        },
      );
    decide('approve');
    decide('decline');
  };
}
