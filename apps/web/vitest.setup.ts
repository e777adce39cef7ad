import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installControlledInputs } from './src/lib/controlled-inputs.ts';

installControlledInputs();
// How long findBy…/waitFor wait for their condition before failing (1 s by default): a loaded CI machine can take
// longer to load a screen's lazy sections. A wait, not a timed assertion: a passing test returns as soon as it holds.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
