import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningApp } from './app-server.ts';

const TIMEOUT = 15_000;

export interface Person {
  email: string;
  phone: string;
  password: string;
}

export async function fillCode(page: Page, code: string) {
  for (let i = 0; i < 4; i++) {
    await page.getByLabel(`Dígito ${i + 1} de 4`).fill(code[i] as string);
  }
}

/** Fills the sign-up screen and sends it; ends on the code screen once the code is in the dev outbox. */
export async function startSignUpThroughUi(page: Page, server: RunningApp, person: Person) {
  await page.goto(`${server.url}/`);
  await page.getByRole('link', { name: 'Crear cuenta' }).click();
  await page.getByLabel('Nombres').fill('Camila Andrea');
  await page.getByLabel('Apellidos').fill('Rodríguez Peña');
  await page.getByLabel('Correo electrónico').fill(person.email);
  await page.getByLabel('Número de celular').fill(person.phone);
  await page.getByLabel('Contraseña', { exact: true }).fill(person.password);
  await page.getByLabel('Confirmar contraseña').fill(person.password);
  await page.getByRole('checkbox', { name: /política de tratamiento de datos/ }).check();
  const submit = page.getByRole('button', { name: 'Crear cuenta' });
  await expect.poll(() => submit.isEnabled(), { timeout: TIMEOUT }).toBe(true);
  await submit.click();
  await page.waitForURL('**/auth/send-code', { timeout: TIMEOUT });
  await expect
    .poll(() => server.lastCode(person.email).catch(() => ''), { timeout: TIMEOUT })
    .toMatch(/^\d{4}$/);
}

/** Creates an account through the sign-up screen, with the code read from the dev outbox; ends on login. */
export async function registerThroughUi(page: Page, server: RunningApp, person: Person) {
  await startSignUpThroughUi(page, server, person);
  await fillCode(page, await server.lastCode(person.email));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await page
    .getByText('Tu cuenta se ha creado con éxito, empecemos a rodar juntos.')
    .waitFor({ timeout: TIMEOUT });
  await page
    .getByRole('button', { name: /aceptar|continuar|entendido|ok/i })
    .first()
    .click();
  await page.waitForURL('**/auth/login', { timeout: TIMEOUT });
}

/** Signs in with email and password on the login screen. */
export async function signIn(page: Page, server: RunningApp, email: string, password: string) {
  if (!page.url().endsWith('/auth/login')) await page.goto(`${server.url}/auth/login`);
  await page.getByRole('button', { name: 'Correo' }).click();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** The sign-in reloads the page 500 ms later (AHGA §4 "Login"): wait for that reload before going on. */
export async function waitForLoginReload(page: Page) {
  await page.waitForFunction(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type ===
      'reload',
    undefined,
    { timeout: TIMEOUT },
  );
}
