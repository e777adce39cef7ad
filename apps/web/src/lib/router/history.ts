import { createPath, parsePath } from './path.ts';
import type { Location, To } from './path.ts';

/**
 * The browser's history (pushState/popstate) and an in-memory one for tests, with react-router's entry
 * format (`history.state = { usr, key, idx }`), so a reload or the back button finds the same state.
 */

export type Action = 'POP' | 'PUSH' | 'REPLACE';

export interface Update {
  action: Action;
  location: Location;
}

export interface History {
  readonly action: Action;
  readonly location: Location;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
  createHref(to: To): string;
  /** One listener at a time; answers the function that removes it. */
  listen(listener: (update: Update) => void): () => void;
}

const createKey = () => Math.random().toString(36).slice(2, 10);

function createLocation(current: string, to: To, state: unknown, key?: string): Location {
  const path = typeof to === 'string' ? parsePath(to) : to;
  return {
    pathname: path.pathname ?? current,
    search: path.search ?? '',
    hash: path.hash ?? '',
    state: state ?? null,
    key: key ?? createKey(),
  };
}

const createHref = (to: To) => (typeof to === 'string' ? to : createPath(to));

interface EntryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

export function createBrowserHistory(win: Window = window): History {
  const globalHistory = win.history;
  let action: Action = 'POP';
  let listener: ((update: Update) => void) | null = null;
  const entry = () => (globalHistory.state ?? {}) as EntryState;
  // The entry's position in the stack, as react-router numbers it.
  if (entry().idx == null) globalHistory.replaceState({ ...entry(), idx: 0 }, '');
  const current = (): Location => {
    const { pathname, search, hash } = win.location;
    const state = entry();
    return { pathname, search, hash, state: state.usr ?? null, key: state.key ?? 'default' };
  };
  const onPop = () => {
    action = 'POP';
    listener?.({ action, location: current() });
  };
  const write = (to: To, state: unknown, replace: boolean) => {
    action = replace ? 'REPLACE' : 'PUSH';
    const location = createLocation(current().pathname, to, state);
    const idx = (entry().idx ?? 0) + (replace ? 0 : 1);
    const entryState: EntryState = { usr: location.state, key: location.key, idx };
    const url = createHref(location);
    if (replace) {
      globalHistory.replaceState(entryState, '', url);
    } else {
      try {
        globalHistory.pushState(entryState, '', url);
      } catch (error) {
        // Safari's limit of pushState calls, or state that cannot be cloned: fall back to a page load.
        if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
        win.location.assign(url);
      }
    }
    listener?.({ action, location: current() });
  };
  return {
    get action() {
      return action;
    },
    get location() {
      return current();
    },
    push: (to, state) => write(to, state, false),
    replace: (to, state) => write(to, state, true),
    go: (delta) => globalHistory.go(delta),
    createHref,
    listen(next) {
      win.addEventListener('popstate', onPop);
      listener = next;
      return () => {
        win.removeEventListener('popstate', onPop);
        listener = null;
      };
    },
  };
}

export type InitialEntry = string | (Partial<Location> & { pathname: string });

export function createMemoryHistory(initialEntries: InitialEntry[] = ['/'], initialIndex?: number): History {
  const entries: Location[] = initialEntries.map((entry, i) =>
    createLocation(
      '/',
      typeof entry === 'string'
        ? entry
        : { pathname: entry.pathname, search: entry.search, hash: entry.hash },
      typeof entry === 'string' ? null : entry.state,
      typeof entry === 'string' || !entry.key ? (i === 0 ? 'default' : undefined) : entry.key,
    ),
  );
  const clamp = (n: number) => Math.min(Math.max(n, 0), entries.length - 1);
  let index = clamp(initialIndex ?? entries.length - 1);
  let action: Action = 'POP';
  let listener: ((update: Update) => void) | null = null;
  const current = () => entries[index] as Location;
  return {
    get action() {
      return action;
    },
    get location() {
      return current();
    },
    push(to, state) {
      action = 'PUSH';
      const location = createLocation(current().pathname, to, state);
      index += 1;
      entries.splice(index, entries.length, location);
      listener?.({ action, location });
    },
    replace(to, state) {
      action = 'REPLACE';
      const location = createLocation(current().pathname, to, state);
      entries[index] = location;
      listener?.({ action, location });
    },
    go(delta) {
      action = 'POP';
      index = clamp(index + delta);
      listener?.({ action, location: current() });
    },
    createHref,
    listen(next) {
      listener = next;
      return () => {
        listener = null;
      };
    },
  };
}
