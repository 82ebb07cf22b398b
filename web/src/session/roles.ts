import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { AddRoleBody } from '../../../contract/session.js';
import type { SelfServiceRole, UserType } from '../../../domain/account/index.js';
import { postJson } from '../api/http.js';
import { authStateQueryKey, type AuthState } from '../auth/authState.js';
import { currentUserQueryKey, type CurrentUser } from './currentUser.js';

/**
 * One account, two roles. An account holds one or more roles (`user.roles`); one that holds both
 * passenger and driver chooses, in the shell, whether it is riding or driving right now: the menu
 * then offers that side's screens. The choice is this device's (the server never trusts it: it
 * checks the roles the account holds on every request, and on a ride the role the account has there).
 */
export type Mode = 'riding' | 'driving';

export const holds = (user: Pick<CurrentUser, 'roles'> | null | undefined, role: UserType): boolean => user?.roles.includes(role) ?? false;

/** Whether the account holds both riding and driving. */
export const ridesAndDrives = (user: Pick<CurrentUser, 'roles'> | null | undefined): boolean => holds(user, 'passenger') && holds(user, 'driver');

const storageKey = (userId: string) => `tiyende.mode.${userId}`;
const listeners = new Set<() => void>();

function storedMode(userId: string): Mode | null {
  try {
    const value = localStorage.getItem(storageKey(userId));
    return value === 'riding' || value === 'driving' ? value : null;
  } catch {
    return null;
  }
}

/** The side this account is on now: a one-role account's own; a two-role account's last choice (first, the kind it was opened as). */
export function modeOf(user: CurrentUser): Mode {
  if (!ridesAndDrives(user)) return holds(user, 'driver') ? 'driving' : 'riding';
  return storedMode(user.id) ?? (user.userType === 'driver' ? 'driving' : 'riding');
}

export function setMode(user: CurrentUser, mode: Mode): void {
  try {
    localStorage.setItem(storageKey(user.id), mode);
  } catch {
    // Private browsing without storage: the choice lasts until the page reloads.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith('tiyende.mode.')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The account's current side, following changes made in this tab and others. */
export function useMode(user: CurrentUser | null | undefined): Mode | null {
  const read = useCallback(() => (user ? modeOf(user) : null), [user]);
  return useSyncExternalStore(subscribe, read, read);
}

/** POST /api/auth/roles: take up driving (a rider) or riding (a driver) on the same account. */
export function useTakeUpRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: SelfServiceRole) => postJson<CurrentUser>('/api/auth/roles', { role } satisfies AddRoleBody),
    onSuccess: (user, role) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      queryClient.setQueryData(authStateQueryKey, { kind: 'signedIn', user } satisfies AuthState);
      setMode(user, role === 'driver' ? 'driving' : 'riding');
    },
  });
}
