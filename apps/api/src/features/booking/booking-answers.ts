import type { FromFlow } from '@togo/domain/booking/booking.contract';

/** A 200 answer without session info: the client shows its first text in an 'Ups!' warning (SPPF §8). */
export interface MessageOnlyAnswer {
  fulfillmentResponse: { messages: [{ text: { text: [string] } }] };
}

export interface DetailAnswer<P> {
  sessionInfo: { parameters: P };
  session_info: { parameters: P };
}

export interface BookResult {
  statusCode: number;
  body: unknown;
  replayed: boolean;
}

export const SERVICE_TITLES: Record<FromFlow, string> = {
  rtm: 'Revisión técnico-mecánica',
  peritaje: 'Peritaje',
  tramites: 'Trámites',
};

export function message(text: string): MessageOnlyAnswer {
  return { fulfillmentResponse: { messages: [{ text: { text: [text] } }] } };
}

export function both<P>(parameters: P): DetailAnswer<P> {
  return { sessionInfo: { parameters }, session_info: { parameters } };
}
