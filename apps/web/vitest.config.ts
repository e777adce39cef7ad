import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { lazySchemas } from './vite-lazy-schemas.ts';

export default defineProject({
  plugins: [react(), lazySchemas()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', '*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
  },
});
