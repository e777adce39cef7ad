/** Great-circle distance in km between two points (haversine), to sort branches by 'Usar mi ubicación'. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Items sorted nearest first; items without coordinates keep their order at the end. */
export function sortByDistance<T extends { lat?: number | null; lng?: number | null }>(
  items: readonly T[],
  from: { lat: number; lng: number },
): { item: T; km: number | null }[] {
  return items
    .map((item, index) => ({
      item,
      index,
      km:
        typeof item.lat === 'number' && typeof item.lng === 'number'
          ? distanceKm(from, { lat: item.lat, lng: item.lng })
          : null,
    }))
    .sort((x, y) => (x.km ?? Infinity) - (y.km ?? Infinity) || x.index - y.index)
    .map(({ item, km }) => ({ item, km }));
}

export function formatKm(km: number): string {
  return km < 1 ? `${Math.round(km * 1000)} m` : `${km.toFixed(1).replace('.', ',')} km`;
}
