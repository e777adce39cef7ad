import { webProject } from './vitest.config.ts';

/** The web test files that use `vi.mock`, each with its own module graph (see vitest.config.ts). */
export default webProject('web-mocks');
