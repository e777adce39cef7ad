import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import './src/lib/zod-config.ts';
import { memoizeComputedStyle } from './src/test/computed-style-memo.ts';
import { server } from './src/test/api-server.ts';
import { setPwaStatus } from './src/lib/pwa-status.ts';

memoizeComputedStyle(window);
// How long findBy…/waitFor wait for their condition before failing (1 s by default): a loaded CI machine can take
// longer to load a screen's lazy sections. A wait, not a timed assertion: a passing test returns as soon as it holds.
configure({ asyncUtilTimeout: 5_000 });

// The tests' network (MSW): a request that no handler of the test answers fails it.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  // Spies on shared objects (URL, prototypes, console) end with their test: the files of a worker share one window.
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  // The PWA store is module state the files of a worker share: an answer "from the worker's cache" in one test must
  // not leave the next file's screens offline.
  setPwaStatus({ needRefresh: false, offlineData: false });
});
