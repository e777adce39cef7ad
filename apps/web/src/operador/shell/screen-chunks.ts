import { lazyScreen, type LazyComponent } from '../../lib/lazy-screen.ts';
import type { OperatorScreen } from '../screens.ts';

/** One lazy screen per console screen, made once, so a screen keeps its state across renders of the shell. */
const chunks = new Map<OperatorScreen['load'], LazyComponent>();

export function screenChunk(screen: OperatorScreen): LazyComponent {
  let chunk = chunks.get(screen.load);
  if (!chunk) {
    chunk = lazyScreen(screen.load, 'default');
    chunks.set(screen.load, chunk);
  }
  return chunk;
}
