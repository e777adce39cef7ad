import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';

/**
 * The operator console's sign-in steps for browser journeys (docs/decisions/029). TOTP codes are computed
 * here with otplib from the secret shown at enrolment, on the same clock as the server (the system clock);
 * each time step is accepted once per account, so a code is never reused: the next one is a later step.
 */
const PERIOD = 30;
const lastStep = new Map<string, number>();

/**
 * A valid code for `secret` whose time step was not used yet: the current step, else the next one (the
 * server accepts ±1 step); when even that was used, waits until the clock reaches a usable step.
 */
export async function nextTotpCode(secret: string): Promise<string> {
  const currentStep = () => Math.floor(Date.now() / 1000 / PERIOD);
  const step = Math.max(currentStep(), (lastStep.get(secret) ?? -1) + 1);
  while (currentStep() < step - 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  lastStep.set(secret, step);
  return generateSync({ secret, epoch: step * PERIOD });
}

export interface StaffCredentials {
  correo: string;
  clave: string;
  /** The TOTP secret, once enrolled. */
  secret?: string;
}

/** Fills /operador/ingresar with correo and clave, and the TOTP code when the console asks for it. */
export async function signInToConsole(page: Page, baseUrl: string, who: StaffCredentials): Promise<void> {
  await page.goto(`${baseUrl}/operador/ingresar`);
  await page.getByLabel('Correo').fill(who.correo);
  await page.getByLabel('Clave', { exact: true }).fill(who.clave);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  if (!who.secret) return;
  const code = page.getByLabel('Código de verificación');
  await code.waitFor();
  await code.fill(await nextTotpCode(who.secret));
  await page.getByRole('button', { name: 'Verificar' }).click();
}

/**
 * On /operador/verificacion (a role that must enrol, right after signing in): reads the secret shown under
 * the QR, confirms with a code, passes the recovery codes and returns the secret for later sign-ins.
 */
export async function enrolTotp(page: Page): Promise<string> {
  const secretText = page.getByTestId('totp-secreto');
  await secretText.waitFor();
  const secret = (await secretText.innerText()).replace(/\s+/g, '');
  await page.getByLabel('Código de 6 dígitos').fill(await nextTotpCode(secret));
  await page.getByRole('button', { name: 'Activar' }).click();
  // The recovery codes are shown once (decision 065); continuing leads to the console.
  await page.getByTestId('codigos-recuperacion').waitFor();
  await page.getByRole('button', { name: 'Ya los guardé, continuar' }).click();
  return secret;
}

/** Signs out with the top bar's button and waits for the sign-in screen. */
export async function signOutOfConsole(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await page.getByRole('heading', { name: 'Ingresar' }).waitFor();
}

/**
 * A calendar date ('YYYY-MM-DD') as the console writes it (components/format.ts `formatDay`), formatted by the
 * browser's own Intl so the text matches what the page shows.
 */
export function consoleDay(page: Page, date: string): Promise<string> {
  return page.evaluate(
    (d) =>
      new Intl.DateTimeFormat('es-CO', { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${d}T00:00:00Z`),
      ),
    date,
  );
}
