/**
 * The data-processing policy (Ley 1581 de 2012) a driver accepts at sign-up (issue 36, decision 094). The version
 * is the one written in the committed PDF (apps/api/scripts/make-legal-pdfs.ts); a new text means a new version.
 */
export const DATA_POLICY = {
  version: '1.0',
  url: '/static/legal/politica-tratamiento-datos-personales.pdf',
  /** consent_records.purpose of the sign-up's answer. */
  purpose: 'politica_datos',
} as const;

/** What a consent record of the sign-up says: the version accepted, or that the sign-up did not say. */
export function dataPolicyConsentText(version: string | null): string {
  return version
    ? `Aceptó la política de tratamiento de datos personales, versión ${version}.`
    : 'El registro no informó la aceptación de la política de tratamiento de datos personales.';
}
