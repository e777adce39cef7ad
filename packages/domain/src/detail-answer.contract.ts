import { z } from 'zod';

/** A 2xx answer that only says what happened: `{ "detail": "…" }` (resetear-clave, eliminar_flota and the like). */
export const detailAnswerSchema = z.object({ detail: z.string() });
export type DetailAnswer = z.infer<typeof detailAnswerSchema>;
