/**
 * Time in America/Bogota, the zone of every "today" (ARCHITECTURE: wire contract). Colombia is UTC−5 all year
 * (no daylight saving since 1993), so local dates and times are plain arithmetic on UTC, independent of the
 * machine's zone. The one copy for the API, the drivers' app and the console (decision 097).
 */
const BOGOTA_OFFSET_MS = 5 * 3_600_000;

/** Today's date in Bogotá at an instant (from the injected clock): 'YYYY-MM-DD'. */
export function bogotaToday(instant: Date): string {
  return new Date(instant.getTime() - BOGOTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The local date-time in Bogotá at an instant: 'YYYY-MM-DDTHH:mm'. */
/** Bogotá's wall-clock time of an instant as a Date whose UTC fields read it (for spreadsheets, which have no zones). */
export function bogotaWallClock(instant: Date): Date {
  return new Date(instant.getTime() - BOGOTA_OFFSET_MS);
}

export function bogotaLocalDateTime(instant: Date): string {
  return new Date(instant.getTime() - BOGOTA_OFFSET_MS).toISOString().slice(0, 16);
}

/** The instant a local Bogotá date ('YYYY-MM-DD') and whole hour start. */
export function bogotaInstant(date: string, hour: number): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + hour * 3_600_000 + BOGOTA_OFFSET_MS);
}

/** Minutes since midnight in Bogotá at an instant (0–1439). */
export function bogotaMinute(instant: Date): number {
  return (((instant.getUTCHours() * 60 + instant.getUTCMinutes() - 300) % 1440) + 1440) % 1440;
}
