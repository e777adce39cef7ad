import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from './ops-error-message.ts';
import { operatorErrorMessage, errorText } from './operator-messages.ts';

const offline = new ApiError(0, null);
const denied = new ApiError(403, { detail: 'Solo administración.' });
const deniedBare = new ApiError(403, null);
const missing = new ApiError(404, { detail: 'Sede no encontrada.' });
const expired = new ApiError(401, { detail: 'Sesión vencida.' });
const conflict = new ApiError(409, { detail: 'La sede ya está cerrada ese día.' });
const invalid = new ApiError(400, { motivo: ['Este campo es requerido.'] });
const broken = new ApiError(500, '<html>');

/** One error helper, three wordings: each screen group keeps the texts it showed before (decision 039). */
describe('operatorErrorMessage and its wordings', () => {
  it('default wording (shell, support): detail, else the first field message, else the fallback', () => {
    const say = (e: unknown) => operatorErrorMessage(e, 'No pudimos cargar.');
    expect(say(offline)).toBe('No hay conexión. Revisa tu internet e intenta de nuevo.');
    expect(say(denied)).toBe('Solo administración.');
    expect(say(missing)).toBe('Sede no encontrada.');
    expect(say(invalid)).toBe('Este campo es requerido.');
    expect(say(broken)).toBe('No pudimos cargar.');
    expect(say(new TypeError('x'))).toBe('No pudimos cargar.');
  });

  it('errorText (content, pico y placa): fixed texts for 401, 403 without detail and 404; no field errors', () => {
    expect(errorText(offline)).toBe('No hay conexión con el servidor. Revisa tu red e intenta de nuevo.');
    expect(errorText(expired)).toBe('Tu sesión terminó. Ingresa de nuevo.');
    expect(errorText(denied)).toBe('Solo administración.');
    expect(errorText(deniedBare)).toBe('Tu rol no permite esta acción.');
    expect(errorText(missing)).toBe('No encontrado.');
    expect(errorText(conflict)).toBe('La sede ya está cerrada ese día.');
    expect(errorText(invalid)).toBe('Algo salió mal. Intenta de nuevo.');
    expect(errorText(new Error('x'))).toBe('Algo salió mal. Intenta de nuevo.');
  });

  it('errorMessage (agenda, sedes, precios): a fixed 403, field errors named by their field', () => {
    expect(errorMessage(offline)).toBe('Sin conexión con el servidor. Revisa tu red e inténtalo de nuevo.');
    expect(errorMessage(denied)).toBe('No tienes permiso para realizar esta acción.');
    expect(errorMessage(missing)).toBe('Sede no encontrada.');
    expect(errorMessage(expired)).toBe('Sesión vencida.');
    expect(errorMessage(invalid)).toBe('motivo: Este campo es requerido.');
    expect(errorMessage(broken)).toBe('Ocurrió un error inesperado. Inténtalo de nuevo.');
    expect(errorMessage(new Error('x'))).toBe('Ocurrió un error inesperado. Inténtalo de nuevo.');
  });
});
