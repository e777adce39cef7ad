import { options } from 'preact';

/**
 * React's controlled inputs, under Preact (docs/decisions/045). React puts an input's `value` back after every
 * input event the component did not take (a letter typed in a box that keeps only digits); Preact re-renders only
 * when the state changed, so the rejected character would stay on screen. This keeps, for every <input>,
 * <textarea> and <select> rendered with a `value`, the value it was last rendered with, and after each input
 * event (once the handlers and the re-render they caused have run) restores it if the element shows another.
 */
const rendered = new WeakMap<EventTarget, string>();
let installed = false;

/** Preact's internal vnode fields read here: `__e` is the element a vnode rendered (stable in Preact 10 and 11). */
interface RenderedVNode {
  type: unknown;
  props: { value?: unknown };
  __e?: EventTarget | null;
}

const FIELDS = new Set<unknown>(['input', 'textarea', 'select']);

export function installControlledInputs(target: Document = document): void {
  if (installed) return;
  installed = true;
  const previous = options.diffed;
  options.diffed = (vnode) => {
    const { type, props, __e: element } = vnode as unknown as RenderedVNode;
    if (FIELDS.has(type) && element) {
      if (props.value === undefined || props.value === null) rendered.delete(element);
      else rendered.set(element, String(props.value));
    }
    previous?.(vnode);
  };
  // Bubbling, on the document: it runs after the element's own handlers, and the microtask after the re-render
  // they queued (Preact renders in a microtask queued first).
  target.addEventListener('input', (event) => {
    const field = event.target as HTMLInputElement | null;
    if (!field) return;
    queueMicrotask(() => {
      const value = rendered.get(field);
      if (value !== undefined && field.value !== value) field.value = value;
    });
  });
}
