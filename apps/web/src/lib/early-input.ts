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
 * Puts each value back into its field (if a render emptied it) and sends the event typing sends, so the
 * component's handler takes it: `input` for text (React's `onChange` on a text box), `change` for a box, a
 * radio or a list. Only fields inside `form` that are still on the page.
 */
function replayTyped(typed: readonly Typed[], form: Element): void {
  for (const { field, value, checked } of typed) {
    if (!field.isConnected || !form.contains(field)) continue;
    if (isToggle(field)) {
      field.checked = checked;
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      field.value = value;
      const text = !(field instanceof HTMLSelectElement);
      field.dispatchEvent(new Event(text ? 'input' : 'change', { bubbles: true }));
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
