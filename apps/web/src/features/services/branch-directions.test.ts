import { describe, expect, it } from 'vitest';
import { branchDirections } from './branch-directions.ts';
import { monthShort, monthsSpanLabel } from './booking-dates.ts';

describe('branch directions', () => {
  it('points Google Maps and Waze at the coordinates', () => {
    expect(branchDirections({ lat: 4.7, lng: -74.04, direccion: 'Calle 1', ciudad_sb: 'Bogotá' })).toEqual({
      google: 'https://www.google.com/maps/dir/?api=1&destination=4.7%2C-74.04',
      waze: 'https://waze.com/ul?ll=4.7%2C-74.04&navigate=yes',
    });
  });

  it('falls back to the address when the branch has no coordinates', () => {
    const links = branchDirections({ lat: 0, lng: 0, direccion: 'Calle 1 # 2-3', ciudad_sb: 'Cali' });
    expect(links.google).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=Calle%201%20%23%202-3%2C%20Cali%2C%20Colombia',
    );
    expect(links.waze).toBe(
      'https://waze.com/ul?q=Calle%201%20%23%202-3%2C%20Cali%2C%20Colombia&navigate=yes',
    );
  });
});

describe('date strip months', () => {
  it('names the month of each day and the months the strip spans', () => {
    expect(monthShort('2026-11-30')).toBe('nov');
    expect(monthsSpanLabel(['2026-11-20', '2026-11-28'])).toBe('noviembre 2026');
    expect(monthsSpanLabel(['2026-11-26', '2026-12-04'])).toBe('noviembre – diciembre 2026');
    expect(monthsSpanLabel(['2026-12-28', '2027-01-05'])).toBe('diciembre 2026 – enero 2027');
  });
});
