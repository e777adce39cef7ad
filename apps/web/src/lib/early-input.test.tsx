import { useRef, useState, type FormEvent } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { typedFields, useKeepEarlyInput } from './early-input.ts';

interface Sent {
  email: string;
  agree: boolean;
  city: string;
}

function StateForm({ onSend }: { onSend: (sent: Sent) => void }) {
  const form = useRef<HTMLFormElement>(null);
  useKeepEarlyInput(form);
  const [email, setEmail] = useState('');
  const [agree, setAgree] = useState(false);
  const [city, setCity] = useState('bog');
  const [sent, setSent] = useState(0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent((n) => n + 1);
    onSend({ email, agree, city });
  };
  return (
    <form ref={form} onSubmit={submit}>
      <label>
        Correo
        <input value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
      <label>
        Acepto
        <input type="checkbox" checked={agree} onChange={(event) => setAgree(event.target.checked)} />
      </label>
      <label>
        Ciudad
        <select value={city} onChange={(event) => setCity(event.target.value)}>
          <option value="bog">Bogotá</option>
          <option value="med">Medellín</option>
        </select>
      </label>
      <p>Envíos: {sent}</p>
      <button type="submit">Enviar</button>
    </form>
  );
}

function LibraryForm({ onSend }: { onSend: (values: { nombres: string }) => void }) {
  const form = useRef<HTMLFormElement>(null);
  useKeepEarlyInput(form);
  // As the sign-up: the submit waits for a valid form, which the library knows from the fields' events.
  const {
    register,
    handleSubmit,
    formState: { isValid },
  } = useForm({ mode: 'onTouched', defaultValues: { nombres: '' } });
  return (
    <form ref={form} onSubmit={(event) => void handleSubmit(onSend)(event)}>
      <label>
        Nombres
        <input {...register('nombres', { required: true })} />
      </label>
      <button type="submit" disabled={!isValid}>
        Enviar
      </button>
    </form>
  );
}

const containers: HTMLElement[] = [];

/** The page as the prerender wrote it, in the document. */
function prerendered(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  containers.push(container);
  return container;
}

afterEach(() => {
  for (const container of containers.splice(0)) container.remove();
});

describe('what was typed before hydration', () => {
  it('reaches the component: a submit sends it and a later render keeps it on screen', async () => {
    const onSend = vi.fn();
    const container = prerendered(renderToString(<StateForm onSend={onSend} />));
    // The visitor fills the HTML form before the scripts have run.
    (screen.getByLabelText('Correo') as HTMLInputElement).value = 'ana@correo.com';
    (screen.getByLabelText('Acepto') as HTMLInputElement).checked = true;
    (screen.getByLabelText('Ciudad') as HTMLSelectElement).value = 'med';

    await act(async () => {
      hydrateRoot(container, <StateForm onSend={onSend} />);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));

    expect(onSend).toHaveBeenCalledWith({ email: 'ana@correo.com', agree: true, city: 'med' });
    // The submit re-rendered the form: the fields still show what was typed.
    await screen.findByText('Envíos: 1');
    expect(screen.getByLabelText('Correo')).toHaveValue('ana@correo.com');
    expect(screen.getByLabelText('Acepto')).toBeChecked();
    expect(screen.getByLabelText('Ciudad')).toHaveValue('med');
  });

  it("leaves a form library's fields right (react-hook-form): the form is valid and the submit sends them", async () => {
    const onSend = vi.fn();
    const container = prerendered(renderToString(<LibraryForm onSend={onSend} />));
    (screen.getByLabelText('Nombres') as HTMLInputElement).value = 'Camila';

    await act(async () => {
      hydrateRoot(container, <LibraryForm onSend={onSend} />);
    });
    expect(screen.getByLabelText('Nombres')).toHaveValue('Camila');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));

    await waitFor(() => expect(onSend).toHaveBeenCalled());
    expect(onSend.mock.calls[0]?.[0]).toEqual({ nombres: 'Camila' });
  });

  it('sends nothing when nothing was typed, nor for a form drawn on the client alone', async () => {
    const onSend = vi.fn();
    const container = prerendered(renderToString(<StateForm onSend={onSend} />));
    const seen: string[] = [];
    const listen = (event: Event) => seen.push(event.type);
    document.addEventListener('input', listen, true);
    document.addEventListener('change', listen, true);
    try {
      await act(async () => {
        hydrateRoot(container, <StateForm onSend={onSend} />);
      });
      render(<StateForm onSend={onSend} />);
    } finally {
      document.removeEventListener('input', listen, true);
      document.removeEventListener('change', listen, true);
    }
    expect(seen).toEqual([]);
  });
});

describe('typedFields', () => {
  it('lists only the fields the visitor changed from the HTML, never hidden, file or button inputs', () => {
    const container = prerendered(
      '<form><input name="a" value="x"><input name="b" value=""><input type="hidden" name="c" value="1">' +
        '<input type="file" name="d"><input type="checkbox" name="e"><textarea name="f">t</textarea></form>',
    );
    const field = (name: string) => container.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    field('b').value = 'nuevo';
    field('c').value = '2';
    field('e').checked = true;
    container.querySelector('textarea')!.value = 'otro';

    const typed = typedFields(container).map(({ field: f, value, checked }) => [f.name, value, checked]);
    expect(typed).toEqual([
      ['b', 'nuevo', false],
      ['e', 'on', true],
      ['f', 'otro', false],
    ]);
  });
});
