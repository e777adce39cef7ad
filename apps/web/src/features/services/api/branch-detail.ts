import { BOOKING_PATHS, firstMessage, readParameters } from '@togo/domain/booking/booking.contract';
import type {
  BranchDetailParameters,
  PeritajeBranchDetailRequest,
  RtmBranchDetailRequest,
  RtmBranchDetailResponse,
  TramitesBranchDetailRequest,
  TramitesBranchDetailResponse,
} from '@togo/domain/booking/booking.contract';
import type { tramitesDetailParametersSchema } from '@togo/domain/booking/booking.contract';
import type { z } from 'zod';
import { envelope, whPost } from './wh.ts';

/** A branch-detail answer: the parameters, or (SPPF §8 'without session info') the server's first message. */
export type DetailResult<P> = { ok: true; parameters: P } | { ok: false; message: string };

/** Branch detail plus the chosen procedures' lines (id, text, price). */
export type TramitesDetailParameters = z.infer<typeof tramitesDetailParametersSchema>;

function toResult<P>(answer: {
  sessionInfo?: { parameters: P } | undefined;
  session_info?: { parameters: P } | undefined;
  fulfillmentResponse?: { messages: Array<{ text: { text: string[] } }> } | undefined;
}): DetailResult<P> {
  const parameters = answer && typeof answer === 'object' ? readParameters(answer) : null;
  if (parameters) return { ok: true, parameters };
  const message = answer && typeof answer === 'object' ? firstMessage(answer) : null;
  return { ok: false, message: message ?? 'No pudimos consultar la sede, intenta nuevamente.' };
}

/** POST wh/agendamiento/seleccion-sede-togo/ — RTM branch detail (placa, tipo_vehiculo, price). */
export async function fetchRtmBranchDetail(
  parameters: RtmBranchDetailRequest['sessionInfo']['parameters'],
): Promise<DetailResult<BranchDetailParameters>> {
  const body: RtmBranchDetailRequest = envelope(parameters);
  return toResult(await whPost<RtmBranchDetailResponse>(BOOKING_PATHS.rtmBranchDetail, body));
}

/** POST wh/peritajes/detalle-sede/ — peritaje branch detail (the combo's price at that branch). */
export async function fetchPeritajeBranchDetail(
  parameters: PeritajeBranchDetailRequest['sessionInfo']['parameters'],
): Promise<DetailResult<BranchDetailParameters>> {
  const body: PeritajeBranchDetailRequest = envelope(parameters);
  return toResult(await whPost<RtmBranchDetailResponse>(BOOKING_PATHS.peritajeBranchDetail, body));
}

/** POST wh/tramites/confirmacion-sede/ — plain body; the branch and the procedures' detail. */
export async function fetchTramitesBranchDetail(
  body: TramitesBranchDetailRequest,
): Promise<DetailResult<TramitesDetailParameters>> {
  return toResult(await whPost<TramitesBranchDetailResponse>(BOOKING_PATHS.tramitesBranchDetail, body));
}
