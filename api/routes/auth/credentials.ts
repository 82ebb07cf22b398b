import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Accounts, addSelfServiceRole, register, setPreferredLanguage, signIn, signOut, toPublicUser } from '../../../accounts/index.js';
import { clearSessionCookie, requireUser, setSessionCookie, signedInUser } from '../../plugins/auth.js';
import { ErrorBody, LoginBody, LoginResponse, PreferencesBody, PublicUser, RegisterBody, RegisterResponse, errorResponses } from '../../../contract/auth.js';
import { AddRoleBody, SessionAnswer } from '../../../contract/session.js';
import { contextFor, originOf } from './signInState.js';

/** Registration, password sign-in (main and admin portal), sign-out, the current user and language. */
export function credentialRoutes(accounts: Accounts): FastifyPluginAsyncZod {
  const { context } = accounts;
  return async (app) => {
    app.post(
      '/api/auth/register',
      {
        schema: {
          tags: ['auth'],
          summary: 'Create a passenger or driver account; continues with MFA setup',
          body: RegisterBody,
          response: { 201: RegisterResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { confirmPassword: _confirmed, ...registration } = request.body;
        const { user, issued } = await register(contextFor(context, request), registration, originOf(request), request.signInState?.session.id);
        setSessionCookie(reply, accounts, issued);
        return reply.status(201).send({ userId: user.id, requiresMfa: true, mfaEnabled: false });
      },
    );

    for (const [url, adminOnly] of [
      ['/api/auth/login', false],
      ['/api/auth/admin-login', true],
    ] as const) {
      app.post(
        url,
        {
          schema: {
            tags: ['auth'],
            summary: adminOnly ? 'Admin portal sign-in: administrators only, then MFA' : 'Sign in with e-mail and password, then MFA',
            body: LoginBody,
            response: { 200: LoginResponse, ...errorResponses },
          },
        },
        async (request, reply) => {
          const { user, issued, codeDelivery } = await signIn(contextFor(context, request), request.body, originOf(request), {
            adminOnly,
            replacing: request.signInState?.session.id,
          });
          setSessionCookie(reply, accounts, issued);
          return { requiresMfa: true as const, userId: user.id, mfaEnabled: user.mfa_enabled, mfaMethod: user.mfa_method, codeDelivery };
        },
      );
    }

    app.post(
      '/api/auth/logout',
      { schema: { tags: ['auth'], summary: 'End this session (always succeeds)', response: { 204: z.null() } } },
      async (request, reply) => {
        await signOut(contextFor(context, request), request.signInState?.session);
        clearSessionCookie(reply, accounts);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/auth/user',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user; 401 when nobody is, 403 mfa_required (with userId) while MFA is pending',
          response: { 200: PublicUser, 401: ErrorBody, 403: ErrorBody },
        },
        preHandler: requireUser(),
      },
      async (request) => signedInUser(request),
    );

    app.get(
      '/api/auth/session',
      {
        schema: {
          tags: ['auth'],
          summary: 'Where this browser stands: signed out, second factor pending, or signed in with the user; always 200',
          response: { 200: SessionAnswer },
        },
      },
      async (request, reply): Promise<SessionAnswer> => {
        reply.header('cache-control', 'no-store');
        const state = request.signInState;
        if (!state) return { state: 'signedOut' };
        if (!state.session.mfa_verified) return { state: 'mfaPending', userId: state.user.id, mfaEnabled: state.user.mfa_enabled };
        return { state: 'signedIn', user: signedInUser(request) };
      },
    );

    app.patch(
      '/api/auth/preferences',
      {
        schema: {
          tags: ['auth'],
          summary: "Change the signed-in user's preferred language",
          body: PreferencesBody,
          response: { 200: PublicUser, ...errorResponses },
        },
        preHandler: requireUser(),
      },
      async (request) => toPublicUser(await setPreferredLanguage(contextFor(context, request), signedInUser(request).id, request.body.preferredLanguage)),
    );

    app.post(
      '/api/auth/roles',
      {
        schema: {
          tags: ['auth'],
          summary:
            'One account, two roles: a rider takes up driving (then applies with their documents, as every driver does) or a driver riding. Taking up a role already held changes nothing; admin and staff accounts are refused (403).',
          body: AddRoleBody,
          response: { 200: PublicUser, ...errorResponses },
        },
        preHandler: requireUser({ roles: ['passenger', 'driver'] }),
      },
      async (request) => {
        const me = signedInUser(request);
        const updated = await addSelfServiceRole(context.db, me.id, request.body.role, context.clock.now());
        if (!me.roles.includes(request.body.role)) context.logger.info({ userId: me.id, role: request.body.role }, 'role taken up');
        return toPublicUser(updated);
      },
    );
  };
}
