/**
 * Colombia's bounding box as the branch schemas accept it (`branchLatSchema`, `branchLngSchema`): the map picker
 * stays inside it, so a click never sets a point the server refuses.
 */
export const COLOMBIA_BOX = { lat: [-5, 14], lng: [-82, -66] } as const;

export function insideColombia(lat: number, lng: number): boolean {
  return (
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    lat >= COLOMBIA_BOX.lat[0] &&
    lat <= COLOMBIA_BOX.lat[1] &&
    lng >= COLOMBIA_BOX.lng[0] &&
    lng <= COLOMBIA_BOX.lng[1]
  );
}

/** Six decimals: about 11 cm, more than a branch's door needs. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** A typed coordinate as a number, or null while it is empty or not a decimal number (as the form sends it). */
export function parseCoordinate(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || !/^-?\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}
