/**
 * Wire contract of the booking calls (SPPF §7 "Chatbot-backend calls", all POST under `/wh/…`, trailing slash
 * included) and of the user's bookings (`GET/DELETE /api/togo/agendamientos/…`, beyond the spec).
 *
 * Envelopes:
 * - "parameters" calls take `{ sessionInfo: { parameters: {...} } }` (see `sessionEnvelope`);
 * - "body" calls (sedes_by_ciudad, confirmacion-sede, obtener_horarios_disponibles) take a plain JSON object.
 *
 * Answers follow the Dialogflow-CX webhook shape the client reads:
 * - `sessionInfo.parameters` (and the same object again under `session_info.parameters`, so a client may read
 *   either spelling — see `readParameters`);
 * - option lists in `fulfillmentResponse.messages[1].payload.richContent[0][0].options`: `messages[0]` is a text
 *   message (`{ text: { text: ['…'] } }`), `messages[1]` a payload whose richContent holds one chips element
 *   `{ type: 'chips', options: [...] }` (see `richOptionsResponseSchema`, `readOptions`);
 * - a "no session info" answer (SPPF §8 "Branch detail without session info") is a 200 with only
 *   `fulfillmentResponse.messages[0].text.text[0]` — the message to show in the 'Ups!' warning.
 * Errors are DRF bodies: 400 `{campo: [msg]}` or `{detail}`, 401/404 `{detail}`, 409 `{detail}` (slot taken).
 */

export * from './booking.paths.ts';
export * from './booking.messages.ts';
export * from './booking.primitives.ts';
export * from './booking-catalog.contract.ts';
export * from './booking-detail.contract.ts';
export * from './booking-slots.contract.ts';
export * from './booking-states.ts';
export * from './booking-book.contract.ts';
export * from './booking-mine.contract.ts';
