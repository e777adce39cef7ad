import type { MultipleAccounts } from '@togo/domain/auth/auth.contract';

/** Reads the 406 body {detalles, opciones:[{correo, id}]}; null when it is not one. */
export function multipleAccountsOf(body: unknown): MultipleAccounts | null {
  if (!body || typeof body !== 'object') return null;
  const { detalles, opciones } = body as Partial<Record<keyof MultipleAccounts, unknown>>;
  if (!Array.isArray(opciones)) return null;
  const options = opciones.filter(
    (o): o is MultipleAccounts['opciones'][number] =>
      !!o &&
      typeof o === 'object' &&
      typeof (o as { correo?: unknown }).correo === 'string' &&
      typeof (o as { id?: unknown }).id === 'number',
  );
  return { detalles: typeof detalles === 'string' ? detalles : '', opciones: options };
}
