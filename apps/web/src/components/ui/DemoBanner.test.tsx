import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '@togo/domain/public-config.contract';
import { publicConfigKey } from '../../lib/public-config.ts';
import { DEMO_BANNER, DemoBanner } from './DemoBanner.tsx';

const base: PublicConfig = {
  web_url: 'https://togo.example',
  google_client_id: null,
  facebook_app_id: null,
  facebook_api_version: 'v10.0',
  outbox: false,
  map_tile_url: null,
  map_tile_attribution: '',
};

function renderWith(config: PublicConfig) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(publicConfigKey, config);
  return render(
    <QueryClientProvider client={client}>
      <DemoBanner />
    </QueryClientProvider>,
  );
}

describe('DemoBanner', () => {
  it("says 'Modo demostración' when the server runs a demonstration", () => {
    renderWith({ ...base, demo_mode: true });
    expect(screen.getByRole('note', { name: 'Modo demostración' })).toHaveTextContent(DEMO_BANNER);
  });

  it('is absent on a real deployment and on a server that does not send the flag', () => {
    const { unmount } = renderWith({ ...base, demo_mode: false });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    unmount();
    renderWith(base);
    expect(screen.queryByText(/Modo demostración/)).not.toBeInTheDocument();
  });
});
