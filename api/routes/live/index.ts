import websocket from '@fastify/websocket';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type Accounts, findLiveSession } from '../../../accounts/index.js';
import { closeCodes, type LiveHub } from '../../../live/index.js';
import { SESSION_COOKIE } from '../../plugins/auth.js';
import type { App } from '../../types.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live hub, for routes that publish what is not an event (driver positions); null without one. */
    live: LiveHub | null;
  }
}

export interface LiveRouteDeps {
  hub: LiveHub;
  accounts: Accounts;
}

/** ws refuses (closing with 1009) any frame above this; the hub's own, smaller limit answers with an error first. */
const MAX_FRAME_BYTES = 64 * 1024;

/**
 * Makes the hub reachable (`app.live`) from every route registered after this, and serves `/ws`
 * when there is a hub. Call before the product routes.
 */
export async function registerLive(app: App, deps: { hub?: LiveHub; accounts: Accounts }): Promise<void> {
  app.decorate('live', deps.hub ?? null);
  if (deps.hub) await app.register(liveRoutes({ hub: deps.hub, accounts: deps.accounts }));
}

/**
 * `GET /ws`: the live channel. The session cookie decides who is on the line, when the socket
 * opens; a browser cannot read an HTTP refusal of an upgrade, so refusals are close codes with a
 * reason: 4401 not signed in (or deactivated), 4403 second factor still missing.
 */
export function liveRoutes({ hub, accounts }: LiveRouteDeps): FastifyPluginAsync {
  return async (app) => {
    // Before @fastify/websocket's own preClose (which closes without a code): clients hear 1001
    // "going away" and reconnect, to another instance if there is one.
    app.addHook('preClose', async () => hub.disconnectAll());
    await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });

    app.get('/ws', { websocket: true }, (socket, request) => {
      const state = request.signInState;
      if (!state) {
        const reason = request.authProblem === 'deactivated' ? 'account deactivated' : 'authentication required';
        socket.close(closeCodes.unauthenticated, reason);
        return;
      }
      if (!state.session.mfa_verified) {
        socket.close(closeCodes.forbidden, 'two-factor authentication required');
        return;
      }
      const token = sessionToken(request);
      hub.connect(socket, { id: state.user.id, userType: state.user.user_type, roles: state.user.roles }, async () => {
        const found = await findLiveSession(accounts.context.db, token, accounts.context.clock.now());
        return found !== undefined && found.user.is_active && found.session.mfa_verified;
      });
    });
  };
}

function sessionToken(request: FastifyRequest): string {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) throw new Error('a signed-in request without its session cookie');
  return token;
}
