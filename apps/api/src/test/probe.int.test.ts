import { it } from 'vitest';
import { createTestApp } from './test-app.ts';
it('routes', async () => {
  const t = await createTestApp();
  console.log(t.app.printRoutes({ commonPrefix: false }));
  await t.close();
});
