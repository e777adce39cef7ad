import { describe, expect, it } from 'vitest';
import { routeTarget } from './route-target.ts';

describe('routeTarget', () => {
  it("routes containing 'app/' stay inside the app", () => {
    expect(routeTarget('app/servicios/rtm')).toEqual({ internal: '/app/servicios/rtm' });
    expect(routeTarget('/app/alerts/soat')).toEqual({ internal: '/app/alerts/soat' });
  });

  it('other addresses are external, aliases are resolved, empty is null', () => {
    expect(routeTarget('https://aliado.co/promo')).toEqual({ external: 'https://aliado.co/promo' });
    expect(routeTarget('RTM', { RTM: 'app/servicios/rtm' })).toEqual({ internal: '/app/servicios/rtm' });
    expect(routeTarget('')).toBeNull();
    expect(routeTarget(null)).toBeNull();
  });
});
