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
import { ApiError, apiGet, apiParse, apiPost, apiRequest } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/storage.ts';

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

/** GET …/calendario.ics with the token, saved as a file (a plain link cannot carry the Authorization header). */
export async function downloadCalendar(id: string): Promise<void> {
  const token = getToken();
  const response = await fetch(MY_BOOKINGS_PATHS.calendar(id), {
    headers: token ? { Authorization: `Token ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => undefined));
  const url = URL.createObjectURL(await response.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = 'agendamiento-togo.ics';
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
