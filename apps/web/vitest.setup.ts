import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import { afterEach } from 'vitest';
import { installControlledInputs } from './src/lib/controlled-inputs.ts';

installControlledInputs();
// Preact runs effects after the next frame, with a 35 ms timer beside requestAnimationFrame that calls
// cancelAnimationFrame; a timer still pending when a test file ends fires after jsdom's globals are gone
// ("cancelAnimationFrame is not defined"). In the tests, effects are scheduled with a plain timer.
options.requestAnimationFrame = (callback) => {
  setTimeout(callback, 0);
};
// How long findBy…/waitFor wait for their condition before failing (1 s by default): a loaded CI machine can take
// longer to load a screen's lazy sections. A wait, not a timed assertion: a passing test returns as soon as it holds.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
