import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * One test app for a whole test file: created before its first test and closed after its last. Answers a
 * stand-in that forwards every property to that TestContext once it exists, so the file's helpers and tests
 * write `t.app`, `t.clock`, … as with their own `beforeAll`. `advanceEachMs` moves the clock before each test
 * (past the previous test's throttling windows).
 */
export function fileTestApp(
  opts: Parameters<typeof createTestApp>[0] & { advanceEachMs?: number } = {},
): TestContext {
  const { advanceEachMs, ...appOpts } = opts;
  let context: TestContext | null = null;
  beforeAll(async () => {
    context = await createTestApp(appOpts);
  });
  afterAll(async () => {
    await context?.close();
  });
  if (advanceEachMs) {
    beforeEach(() => {
      context?.clock.advance(advanceEachMs);
    });
  }
  return new Proxy({} as TestContext, {
    get(_target, property) {
      if (!context) throw new Error("the test app exists only while the file's tests run");
      return Reflect.get(context, property, context);
    },
  });
}
