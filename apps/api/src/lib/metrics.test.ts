import { describe, expect, it } from 'vitest';
import { ProviderError } from '../integrations/registry/provider-error.ts';
import { countingErrors, Metrics } from './metrics.ts';

async function errorsOf(metrics: Metrics, provider: string): Promise<number> {
  const metric = await metrics.providerErrors.get();
  return metric.values.find((v) => v.labels.provider === provider)?.value ?? -1;
}

class FakeRegistry {
  readonly name = 'http';
  calls = 0;
  async lookup(plate: string): Promise<string> {
    this.calls += 1;
    if (plate === 'DOWN') throw new ProviderError('registry', 'unavailable', 'no answer');
    if (plate === 'NONE') throw new ProviderError('registry', 'not_found', 'unknown plate');
    return `ok ${plate} ${this.name}`;
  }
}

describe('countingErrors', () => {
  it('counts failed calls and rethrows them unchanged; answers and filtered errors are not counted', async () => {
    const metrics = new Metrics();
    const target = new FakeRegistry();
    const counted = countingErrors(
      target,
      'registry',
      metrics,
      (err) => !(err instanceof ProviderError && err.kind === 'not_found'),
    );
    expect(counted.name).toBe('http');
    await expect(counted.lookup('ABC123')).resolves.toBe('ok ABC123 http');
    const failure = counted.lookup('DOWN');
    await expect(failure).rejects.toBeInstanceOf(ProviderError);
    await expect(failure).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(counted.lookup('NONE')).rejects.toMatchObject({ kind: 'not_found' });
    expect(target.calls).toBe(3);
    expect(await errorsOf(metrics, 'registry')).toBe(1);
    expect(await errorsOf(metrics, 'fines')).toBe(0);
  });

  it('exports every provider series from zero and the queue depth gauge', async () => {
    const metrics = new Metrics(async () => ({ 'garage-lookup': 3, 'fleet-import': 0 }));
    const text = await metrics.registry.metrics();
    for (const provider of ['registry', 'fines', 'value', 'messaging', 'payments']) {
      expect(text).toContain(`togo_provider_errors_total{provider="${provider}"} 0`);
    }
    expect(text).toContain('togo_job_queue_depth{queue="garage-lookup"} 3');
    expect(text).toContain('togo_job_queue_depth{queue="fleet-import"} 0');
  });
});
