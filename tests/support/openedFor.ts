import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/**
 * Spec support for what a spec opens for its tests (a database, a server, a browser) and closes
 * after them, so the file names it once instead of repeating the hooks.
 */

/** One value serves the whole file (opened before its first test), or each test gets its own. */
export type Scope = 'file' | 'test';

/** Registers the hooks that open (within `openingTimeoutMs` when given) and close the value; the answer reads the value open now. */
export function openedFor<T>(scope: Scope, open: () => Promise<T>, close: (value: T) => Promise<unknown>, openingTimeoutMs?: number): () => T {
  let current: T | undefined;
  (scope === 'file' ? beforeAll : beforeEach)(async () => {
    current = await open();
  }, openingTimeoutMs);
  (scope === 'file' ? afterAll : afterEach)(async () => {
    const closing = current;
    current = undefined;
    if (closing !== undefined) await close(closing);
  });
  return () => {
    if (current === undefined) throw new Error(`Read outside the tests it was opened for (${scope} scope): use it inside a hook or a test`);
    return current;
  };
}

/**
 * Stands for whatever `read()` gives at the moment it is used: a spec declares it as a constant at
 * the top of the file, and its helpers and tests use it as the thing itself, though each test
 * (or file) opens a fresh one. Methods are bound to the value, so class instances with private
 * fields work; spreading it copies the value's own properties.
 */
export function liveView<T extends object>(read: () => T): T {
  return new Proxy({} as T, {
    get(_, key) {
      const value = Reflect.get(read(), key);
      return typeof value === 'function' ? value.bind(read()) : value;
    },
    set: (_, key, value) => Reflect.set(read(), key, value),
    has: (_, key) => Reflect.has(read(), key),
    ownKeys: () => Reflect.ownKeys(read()),
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(read(), key);
      // The proxy's own target is empty, and a proxy may only report properties missing there as configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(read()),
  });
}

/** One live view per named part of what `read()` gives, for a spec to take apart at the top of the file. */
export function liveParts<T extends { [Part in Parts]: object }, Parts extends keyof T>(read: () => T, parts: readonly Parts[]): Pick<T, Parts> {
  const views = {} as Pick<T, Parts>;
  for (const part of parts) views[part] = liveView(() => read()[part]);
  return views;
}

/** A value opened for the file's tests or each test, closed after them, used as the value itself. */
export function useOpened<T extends object>(scope: Scope, open: () => Promise<T>, close: (value: T) => Promise<unknown>): T {
  return liveView(openedFor(scope, open, close));
}
