import { describe, expect, it } from 'vitest';
import { calendarLinkSchema, deliveryHistorySchema } from './reminders.contract.ts';

describe('reminders answers', () => {
  it('the calendar link is {url}', () => {
    expect(
      calendarLinkSchema.parse({ url: 'https://togo.example.co/api/togo/calendario/feed/A.ics' }),
    ).toEqual({
      url: 'https://togo.example.co/api/togo/calendario/feed/A.ics',
    });
    expect(calendarLinkSchema.safeParse({ url: null }).success).toBe(false);
  });

  it('the delivery history is the count and one page of rows with a known channel and status', () => {
    const row = {
      id: 1,
      canal: 'whatsapp',
      estado: 'held',
      motivo: null,
      titulo: 'Tu SOAT vence en 7 días',
      created: '2026-11-22T12:00:00.000Z',
    };
    expect(deliveryHistorySchema.parse({ count: 3, results: [row] })).toEqual({ count: 3, results: [row] });
    expect(
      deliveryHistorySchema.safeParse({ count: 1, results: [{ ...row, estado: 'sending' }] }).success,
    ).toBe(false);
    expect(deliveryHistorySchema.safeParse({ count: 1, results: [{ ...row, canal: 'fax' }] }).success).toBe(
      false,
    );
  });
});
