import { useLayoutEffect, useState, type RefObject } from 'react';
import { useHydrated } from './use-hydrated.ts';

/**
 * What a visitor typed into a prerendered form before the app took the page over (docs/decisions/050).
 *
 * The sign-in and sign-up pages arrive as HTML: their fields take typing at once, long before the scripts have
 * run on a slow phone. Hydration leaves the elements' values alone but starts from the components' empty state,
 * so the next render would empty the fields (and a submit would find them empty). A form hook reads the fields
 * while the form is being hydrated (the page is still the prerendered one then) and hands each value to the
 * component as the event typing would have sent, after hydration.
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Typed {
  field: Field;
  value: string;
  checked: boolean;
}

const TOGGLES = new Set(['checkbox', 'radio']);
const SKIPPED = new Set(['file', 'hidden', 'submit', 'button', 'reset', 'image']);

function isToggle(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && TOGGLES.has(field.type);
}

/** Whether the visitor changed the field from what the page's HTML said. */
function wasChanged(field: Field): boolean {
  if (field instanceof HTMLSelectElement) {
    return Array.from(field.options).some((option) => option.selected !== option.defaultSelected);
  }
  if (isToggle(field)) return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

/** The fields under `scope` whose value the visitor changed, with that value. */
export function typedFields(scope: ParentNode): Typed[] {
  const fields = Array.from(scope.querySelectorAll<Field>('input, textarea, select'));
  return fields
    .filter((field) => !(field instanceof HTMLInputElement && SKIPPED.has(field.type)))
    .filter(wasChanged)
    .map((field) => ({ field, value: field.value, checked: isToggle(field) ? field.checked : false }));
}

/**
 * Gives each field its value as typing would, so the component's handler takes it. React DOM ignores an event on
 * a field whose value it has already seen (it notes the value it hydrated, and every value set through the
 * element's `value`/`checked` property), so the field is first set back to the other value, then changed the
 * way the browser does: a text's value through the element's own setter (its prototype's, which React does not
 * watch) and an `input` event; a box or a radio by a click (React's `onChange` on them listens to clicks); a list
 * by a `change` event. Only fields inside `form` that are still on the page.
 */
function replayTyped(typed: readonly Typed[], form: Element): void {
  for (const { field, value, checked } of typed) {
    if (!field.isConnected || !form.contains(field)) continue;
    if (isToggle(field)) {
      field.checked = !checked;
      field.click();
    } else if (field instanceof HTMLSelectElement) {
      field.value = value;
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      field.value = field.defaultValue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

/**
 * For a form that a prerendered page carries: what was typed into it before hydration reaches the component.
 * A form drawn on the client alone (after a navigation inside the app) has nothing to take.
 */
export function useKeepEarlyInput(form: RefObject<HTMLFormElement | null>): void {
  const hydrating = !useHydrated();
  // Read during the hydrating render: the fields still hold what was typed, before any ref or effect runs.
  const [typed] = useState(() => (hydrating && typeof document !== 'undefined' ? typedFields(document) : []));
  useLayoutEffect(() => {
    // Once, after the hydration (neither changes afterwards): later renders are the component's own.
    if (typed.length && form.current) replayTyped(typed, form.current);
  }, [typed, form]);
}
