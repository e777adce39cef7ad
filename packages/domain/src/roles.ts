/** Group and role ids (ARCHITECTURE.md "The wire contract"): a role id is its group id. */
export const GROUP_CLIENT = 1;
export const GROUP_COMPANY = 2;

export const GROUP_NAMES: Record<number, string> = {
  [GROUP_CLIENT]: 'Cliente',
  [GROUP_COMPANY]: 'Empresa',
};

export function isCompany(idsRoles: readonly number[] | undefined | null): boolean {
  return Array.isArray(idsRoles) && idsRoles.includes(GROUP_COMPANY);
}
