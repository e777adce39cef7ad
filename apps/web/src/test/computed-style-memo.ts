/**
 * jsdom 29 answers each `getComputedStyle` by copying its cached declaration property by property (about 1 ms a
 * call, more on a loaded machine), and Testing Library's role queries call it for every node they name: a
 * `getByRole(…, { name })` on a form costs hundreds of calls. jsdom already keeps one computed style per element
 * until the document changes (any node, attribute or style change, or a stylesheet, replaces
 * `document._styleCache`); this keeps the declaration it answered until that same moment, so a second call
 * costs a lookup. Browsers also hand back one live object per element. Pseudo-elements go to jsdom as before.
 */
type Impl = { _styleCache?: object };

const memoized = Symbol('togo.memoizedComputedStyle');

export function memoizeComputedStyle(win: Window & typeof globalThis): void {
  // Test files that share a worker share its window (vitest.config.ts): wrap it once.
  const flagged = win as unknown as Record<symbol, boolean>;
  if (flagged[memoized]) return;
  flagged[memoized] = true;
  const original = win.getComputedStyle.bind(win);
  let implSymbol: symbol | undefined;
  const memos = new WeakMap<object, WeakMap<Element, CSSStyleDeclaration>>();
  win.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    if (pseudoElement) return original(element, pseudoElement);
    const doc = element.ownerDocument as Document & Record<symbol, Impl | undefined>;
    implSymbol ??= Object.getOwnPropertySymbols(doc).find((s) => s.description === 'impl');
    const cache = implSymbol ? doc[implSymbol]?._styleCache : undefined;
    if (!cache) return original(element);
    let memo = memos.get(cache);
    if (!memo) {
      memo = new WeakMap();
      memos.set(cache, memo);
    }
    let style = memo.get(element);
    if (!style) {
      style = original(element);
      memo.set(element, style);
    }
    return style;
  };
}
