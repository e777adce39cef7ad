import { errorDetail, fieldErrors, isApiError } from '../../lib/api-client.ts';

/** The first text message of a chatbot-style answer: fulfillmentResponse.messages[0].text.text[0]. */
export function firstFulfillmentText(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const messages = (body as { fulfillmentResponse?: { messages?: unknown } }).fulfillmentResponse?.messages;
  if (!Array.isArray(messages)) return null;
  for (const message of messages as unknown[]) {
    const texts = (message as { text?: { text?: unknown } } | null)?.text?.text;
    if (Array.isArray(texts) && typeof texts[0] === 'string' && texts[0].trim()) return texts[0];
  }
  return null;
}

/** The server's message of a failed call (detail, first field error, or first chatbot text), else fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  const detail = errorDetail(error);
  if (detail) return detail;
  if (isApiError(error) && error.body && typeof error.body === 'object') {
    const text = firstFulfillmentText(error.body);
    if (text) return text;
    for (const field of Object.keys(error.body)) {
      const first = fieldErrors(error, field)[0];
      if (first) return first;
    }
  }
  if (isApiError(error) && error.status === 0)
    return 'No hay conexión. Revisa tu internet e intenta de nuevo.';
  return fallback;
}
