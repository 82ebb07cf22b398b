import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Accounts, sendMfaCode, setUpMfa, toPublicUser, verifyMfa } from '../../../accounts/index.js';
import { setSessionCookie } from '../../plugins/auth.js';
import {
  CodeDelivery,
  SendMfaCodeBody,
  SetupMfaBody,
  SetupMfaResponse,
  VerifyMfaBody,
  VerifyMfaResponse,
  errorResponses,
} from '../../../contract/auth.js';
import { contextFor, originOf, signInFor } from './signInState.js';

/** The second factor: enrol (SMS or authenticator app), send a code, verify. */
export function mfaRoutes(accounts: Accounts): FastifyPluginAsyncZod {
  const { context } = accounts;
  return async (app) => {
    app.post(
      '/api/auth/setup-mfa',
      {
        schema: {
          tags: ['auth'],
          summary: 'Enrol a second factor: sms sends a code; totp answers with the secret and backup codes',
          body: SetupMfaBody,
          response: { 200: SetupMfaResponse, ...errorResponses },
        },
      },
      async (request) => {
        const state = signInFor(request, request.body.userId);
        return setUpMfa(contextFor(context, request), state, { method: request.body.method, phoneNumber: request.body.phoneNumber }, originOf(request));
      },
    );

    app.post(
      '/api/auth/send-mfa-code',
      {
        schema: {
          tags: ['auth'],
          summary: 'Send a 6-digit code (valid 5 minutes; another after 30 s)',
          body: SendMfaCodeBody,
          response: { 200: CodeDelivery, ...errorResponses },
        },
      },
      async (request) => sendMfaCode(contextFor(context, request), signInFor(request, request.body.userId), request.body.purpose, originOf(request)),
    );

    app.post(
      '/api/auth/verify-mfa',
      {
        schema: {
          tags: ['auth'],
          summary: 'Check the second factor (app code, sent code or backup code); signs in under a new session id',
          body: VerifyMfaBody,
          response: { 200: VerifyMfaResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const state = signInFor(request, request.body.userId);
        const verified = await verifyMfa(contextFor(context, request), state, request.body.code, originOf(request));
        setSessionCookie(reply, accounts, verified.issued);
        return {
          user: toPublicUser(verified.user),
          ...(verified.backupCodesRemaining === undefined ? {} : { backupCodesRemaining: verified.backupCodesRemaining }),
        };
      },
    );
  };
}
