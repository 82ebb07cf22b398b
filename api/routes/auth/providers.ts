import formbody from '@fastify/formbody';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Accounts, type FlowState, type ProviderName, signInWithProvider } from '../../../accounts/index.js';
import { setSessionCookie } from '../../plugins/auth.js';
import { contextFor, originOf } from './signInState.js';

const FLOW_COOKIE = 'tiyende_oidc';
const FLOW_TTL_SECONDS = 600;

const FlowCookie = z.object({
  provider: z.enum(['google', 'apple']),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
});

const CallbackAnswer = z.record(z.string(), z.string());

/**
 * Google and Apple sign-in (OpenID Connect, authorization code + PKCE). Unconfigured, or on any
 * failure, the browser lands on the spec's `/login?error=google_auth_failed` (or apple_…). On
 * success the second factor is still asked for: `/auth?mfa=verify|setup&userId=…`.
 */
export function providerRoutes(accounts: Accounts): FastifyPluginAsyncZod {
  const { context } = accounts;
  return async (app) => {
    // Apple answers with a form POST.
    await app.register(formbody);

    const failed = (reply: FastifyReply, provider: ProviderName) => reply.redirect(`/login?error=${provider}_auth_failed`, 302);

    // State and PKCE verifier ride in a signed, short-lived cookie. Apple's answer is a cross-site
    // POST, which a SameSite=Lax cookie would not survive; it needs SameSite=None (and so Secure).
    const flowCookieOptions = (provider: ProviderName) =>
      ({
        path: '/api/auth',
        httpOnly: true,
        signed: true,
        maxAge: FLOW_TTL_SECONDS,
        secure: accounts.production,
        sameSite: provider === 'apple' && accounts.production ? 'none' : 'lax',
      }) as const;

    for (const name of ['google', 'apple'] as const) {
      app.get(`/api/auth/${name}`, { schema: { tags: ['auth'], summary: `Start ${name} sign-in (a browser navigation)` } }, async (request, reply) => {
        const provider = accounts.providers[name];
        if (!provider) return failed(reply, name);
        try {
          const { url, flow } = await provider.start();
          reply.setCookie(FLOW_COOKIE, JSON.stringify({ provider: name, ...flow }), flowCookieOptions(name));
          return reply.redirect(url.href, 302);
        } catch (error) {
          request.log.error({ err: error, provider: name }, 'provider sign-in could not start');
          return failed(reply, name);
        }
      });

      const finish = async (request: FastifyRequest, reply: FastifyReply, answer: Record<string, string>) => {
        const provider = accounts.providers[name];
        const flow = readFlow(request, name);
        reply.clearCookie(FLOW_COOKIE, flowCookieOptions(name));
        if (!provider || !flow || answer.error) {
          request.log.warn({ provider: name, error: answer.error, hadFlow: Boolean(flow) }, 'provider sign-in refused');
          return failed(reply, name);
        }
        try {
          const identity = await provider.finish(answer, flow);
          const { user, issued } = await signInWithProvider(contextFor(context, request), identity, originOf(request), request.signInState?.session.id);
          setSessionCookie(reply, accounts, issued);
          const step = user.mfa_enabled ? 'verify' : 'setup';
          return reply.redirect(`/auth?mfa=${step}&userId=${encodeURIComponent(user.id)}`, 302);
        } catch (error) {
          request.log.warn({ err: error, provider: name }, 'provider sign-in failed');
          return failed(reply, name);
        }
      };

      app.get(
        `/api/auth/${name}/callback`,
        { schema: { tags: ['auth'], summary: `Where ${name} sends the browser back`, querystring: CallbackAnswer } },
        (request, reply) => finish(request, reply, request.query),
      );
      if (name === 'apple') {
        app.post(
          '/api/auth/apple/callback',
          {
            schema: { tags: ['auth'], summary: 'Where Apple posts its answer (response_mode=form_post)', body: CallbackAnswer },
            // A cross-site form by design; the signed flow cookie (state, nonce, PKCE) guards it.
            config: { acceptsForms: true },
          },
          (request, reply) => finish(request, reply, request.body),
        );
      }
    }
  };
}

function readFlow(request: FastifyRequest, provider: ProviderName): FlowState | null {
  const raw = request.cookies[FLOW_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  try {
    const flow = FlowCookie.parse(JSON.parse(unsigned.value));
    return flow.provider === provider ? flow : null;
  } catch {
    return null;
  }
}
