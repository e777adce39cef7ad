/** The email of an account just created, so the sign-in form opens filled with it (per tab, forgotten once the form showed it). */
const KEY = 'login_email';

export function rememberLoginEmail(email: string): void {
  sessionStorage.setItem(KEY, email);
}

export function peekLoginEmail(): string | null {
  return sessionStorage.getItem(KEY);
}

export function forgetLoginEmail(): void {
  sessionStorage.removeItem(KEY);
}
