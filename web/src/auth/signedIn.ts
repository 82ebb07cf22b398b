import type { QueryClient } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import type { UserType } from '../session/currentUser.js';
import { useAuthState, type AuthState, type SessionUser } from './authState.js';

/**
 * Who may open a screen under the signed-in layout (routes/_signedIn.tsx), declared by the screen's
 * route as static data: the layout checks it once for every screen below it.
 */
export interface SignInGate {
  /** Who may use the screen; anyone signed in when left out. */
  allow?: readonly UserType[];
  /** The translation key of the sentence under "Authentication required". */
  hint: ParseKeys;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    signIn?: SignInGate;
  }
}

/** The router context below the signed-in layout: the auth state its `beforeLoad` asked for (null if asking failed). */
export interface SignedInContext {
  queryClient: QueryClient;
  auth: AuthState | null;
}

/**
 * A screen's loader warms the queries it shows first (`ensureQueryData`), once the visitor is known
 * to be signed in, so the screen paints with its data. A query that fails is left to the screen,
 * which shows its own not-found or error state.
 */
export async function warmSignedIn(
  context: SignedInContext,
  ensure: (user: SessionUser, queryClient: QueryClient) => ReadonlyArray<Promise<unknown>>,
): Promise<void> {
  if (context.auth?.kind !== 'signedIn') return;
  await Promise.all(ensure(context.auth.user, context.queryClient).map((loading) => loading.catch(() => undefined)));
}

/** The signed-in user, in a screen under the signed-in layout (which renders its screens only for them). */
export function useSignedInUser(): SessionUser {
  const state = useAuthState();
  if (state.data?.kind !== 'signedIn') throw new Error('useSignedInUser is for screens under the signed-in layout (routes/_signedIn.tsx)');
  return state.data.user;
}
