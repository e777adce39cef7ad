import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  MY_BOOKINGS_PATHS,
  myBookingItemSchema,
  myBookingItemsResponseSchema,
  payAgainResponseSchema,
  type MyBookingItem,
  type PayAgainResponse,
  type RescheduleRequest,
} from '@togo/domain/booking/my-bookings.contract';
import { apiGet, apiParse, apiPost, apiRequest, downloadWithToken } from '../../../lib/api-client.ts';

/** GET /api/togo/agendamientos/ — the user's bookings with what the policy allows now. */
export async function fetchMyBookings(signal?: AbortSignal): Promise<MyBookingItem[]> {
  const body = await apiGet<unknown>(MY_BOOKINGS_PATHS.list, signal);
  return myBookingItemsResponseSchema.parse(body).results;
}

export const myBookingsQuery = () =>
  queryOptions({
    queryKey: ['my-bookings'],
    queryFn: ({ signal }) => fetchMyBookings(signal),
    staleTime: 15_000,
    // Back from the payment tab, and every few seconds while a payment is awaited: the webhook confirms it.
    refetchOnWindowFocus: true,
    refetchInterval: (query) =>
      query.state.data?.some((b) => b.estado === 'pendiente_pago') ? 5_000 : false,
  });

export const useMyBookings = () => useQuery(myBookingsQuery());

/** DELETE /api/togo/agendamientos/{id}/ — cancel (409 with the policy's message when too late). */
export const cancelMyBooking = (id: string) =>
  apiRequest<void>(MY_BOOKINGS_PATHS.one(id), { method: 'DELETE' });

/** POST …/reprogramar/ — another date and hour at the same branch. */
export const rescheduleMyBooking = (id: string, body: RescheduleRequest) =>
  apiParse(myBookingItemSchema, MY_BOOKINGS_PATHS.reschedule(id), { method: 'POST', body });

/** POST …/pagar/ — a fresh payment link (the hold restarts). */
export async function payMyBooking(id: string): Promise<PayAgainResponse> {
  return payAgainResponseSchema.parse(await apiPost<unknown>(MY_BOOKINGS_PATHS.pay(id)));
}

/** POST …/pagar-en-sitio/ — 'Pagar en sitio' for a booking still waiting for its payment (issue 36). */
export const payMyBookingOnSite = (id: string) =>
  apiParse(myBookingItemSchema, MY_BOOKINGS_PATHS.payOnSite(id), { method: 'POST' });

/** GET …/calendario.ics with the token, saved as a file (a plain link cannot carry the Authorization header). */
export const downloadCalendar = (id: string): Promise<void> =>
  downloadWithToken(MY_BOOKINGS_PATHS.calendar(id), 'agendamiento-togo.ics');
