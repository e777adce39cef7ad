import type { Branch } from '@togo/domain/booking/booking.contract';

/**
 * Google Maps and Waze directions to a branch: to its coordinates when it has them (exact door), else to its
 * address in its city. Both open the app on a phone and the web page elsewhere.
 */
export function branchDirections(branch: Pick<Branch, 'lat' | 'lng' | 'direccion' | 'ciudad_sb'>) {
  if (Number.isFinite(branch.lat) && Number.isFinite(branch.lng) && (branch.lat !== 0 || branch.lng !== 0)) {
    const ll = `${branch.lat},${branch.lng}`;
    return {
      google: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(ll)}`,
      waze: `https://waze.com/ul?ll=${encodeURIComponent(ll)}&navigate=yes`,
    };
  }
  const q = encodeURIComponent(`${branch.direccion}, ${branch.ciudad_sb}, Colombia`);
  return {
    google: `https://www.google.com/maps/dir/?api=1&destination=${q}`,
    waze: `https://waze.com/ul?q=${q}&navigate=yes`,
  };
}
