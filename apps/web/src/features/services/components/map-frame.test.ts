import { describe, expect, it } from 'vitest';
import { MAP_ZOOM, mapFrame, PLAIN_MAX_ZOOM } from './map-frame.ts';

describe('mapFrame (issue 36)', () => {
  it('one pin: its zoom with tiles, the basemap zoom without', () => {
    expect(mapFrame([[4.69, -74.08]], true)).toEqual({
      kind: 'view',
      center: [4.69, -74.08],
      zoom: MAP_ZOOM,
    });
    expect(mapFrame([[4.69, -74.08]], false)).toEqual({
      kind: 'view',
      center: [4.69, -74.08],
      zoom: PLAIN_MAX_ZOOM,
    });
  });

  it('several pins: the box around all of them, never closer than the zoom allowed', () => {
    expect(
      mapFrame(
        [
          [4.69, -74.08],
          [4.58, -74.16],
          [4.75, -74.03],
        ],
        true,
      ),
    ).toEqual({
      kind: 'bounds',
      bounds: [
        [4.58, -74.16],
        [4.75, -74.03],
      ],
      maxZoom: MAP_ZOOM,
    });
  });

  it('no pin: no frame', () => {
    expect(mapFrame([], true)).toBeNull();
  });
});
