import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { fetchOutbox } from './outbox.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const message = (channel: string) => ({
  to: '573001234567',
  channel,
  subject: channel === 'whatsapp' ? 'vencimiento_soat (es_CO)' : null,
  body: 'Tu SOAT vence en 7 días',
  code: null,
  attachments: [],
  created: '2026-11-22T12:00:00.000Z',
});

describe('fetchOutbox', () => {
  it('reads every channel the outbox stores (WhatsApp included); unknown keys are dropped', async () => {
    mockFetch({ 'GET /api/dev/outbox': () => json(200, [message('whatsapp'), message('sms')]) });
    const list = await fetchOutbox('573001234567');
    expect(list.map((m) => m.channel)).toEqual(['whatsapp', 'sms']);
    expect(list[0]).not.toHaveProperty('attachments');
  });

  it('rejects a malformed answer', async () => {
    mockFetch({ 'GET /api/dev/outbox': () => json(200, { results: [message('email')] }) });
    await expect(fetchOutbox('ana@x.co')).rejects.toMatchObject({ name: 'ZodError' });
  });
});
