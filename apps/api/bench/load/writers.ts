/**
 * The writes of bench:load: W workers, each a plain loop of "book a trámite paid online, then deliver its approved
 * payment event" (POST /wh/tramites/agenda/ then POST /api/pagos/webhook/sandbox/, signed as the sandbox gateway
 * signs), alternating the instance per request. Each booking has its own plate and its own seat: the slots of the
 * next service weekdays are filled in turn, never over the branch's capacity. Every answer is logged so that the
 * end can account for each write in the database (lost_writes).
 */
import { BOOKING_PATHS } from '@togo/domain/booking/booking.contract';
import { addDays, isServiceDay, slotLabel } from '@togo/domain/booking/booking.rules';
import { bogotaToday } from '@togo/domain/bogota-time';
import { signedWompiEvent } from '../../src/integrations/payments/wompi-event.ts';
import { hmacHex } from '../../src/lib/crypto.ts';
import { BRANCH, BRANCH_CAPACITY, type LoadWorld } from './setup.ts';
import { record, type RouteSamples } from './stats.ts';

/** Weekday hours of the branch's slots (open 08:00–17:00). */
const SLOT_HOURS = [8, 9, 10, 11, 12, 13, 14, 15, 16];
/** Service weekdays the bookings spread over: 20 × 9 slots × 100 seats = 18,000 bookings at most. */
const BOOKING_DAYS = 20;

/** The `n` next weekdays (Bogotá, from tomorrow) that are service days: not Sunday, Saturday nor a holiday. */
export function serviceWeekdays(n: number, now = new Date()): string[] {
  const days: string[] = [];
  for (let day = bogotaToday(now); days.length < n;) {
    day = addDays(day, 1);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5 && isServiceDay(day)) days.push(day);
  }
  return days;
}

/** The k-th booking's seat: the slots in turn, each at most BRANCH_CAPACITY times; null once all are full. */
function seatFor(k: number, days: string[]): { fecha: string; franja: string } | null {
  const slots = days.length * SLOT_HOURS.length;
  if (Math.floor(k / slots) >= BRANCH_CAPACITY) return null;
  const slot = k % slots;
  return {
    fecha: days[Math.floor(slot / SLOT_HOURS.length)] as string,
    franja: slotLabel(SLOT_HOURS[slot % SLOT_HOURS.length] as number),
  };
}

/** What happened to one write, for the final accounting. */
export interface WriteEntry {
  stage: string;
  plate: string;
  /** The booking answered 200. */
  booked: boolean;
  /** The payment event answered { ok: true, outcome: 'confirmed' }. */
  confirmed: boolean;
}

export interface WriteState {
  world: LoadWorld;
  days: string[];
  eventsSecret: string;
  /** The next booking's number (plates and seats). */
  next: number;
  log: WriteEntry[];
  /** Set when every seat is taken: the writers stop. */
  exhausted: boolean;
}

export function writeState(world: LoadWorld): WriteState {
  return {
    world,
    days: serviceWeekdays(BOOKING_DAYS),
    eventsSecret: hmacHex(world.appSecret, 'payments-sandbox-events'),
    next: 0,
    log: [],
    exhausted: false,
  };
}

export interface WriteSamples {
  booking: RouteSamples;
  webhook: RouteSamples;
}

async function timedPost(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  into: RouteSamples,
): Promise<{ status: number; json: unknown }> {
  const started = performance.now();
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    record(into, res.status, performance.now() - started);
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, json };
  } catch {
    record(into, 0, performance.now() - started);
    return { status: 0, json: null };
  }
}

/** One booking and its payment event; answers the entry, or null when no seat is left. */
async function writeOnce(
  state: WriteState,
  stage: string,
  samples: WriteSamples,
): Promise<WriteEntry | null> {
  const k = state.next;
  const seat = seatFor(k, state.days);
  if (!seat) {
    state.exhausted = true;
    return null;
  }
  state.next += 1;
  const { a, b, drivers } = state.world;
  const driver = drivers[k % drivers.length] as (typeof drivers)[number];
  const [first, second] = k % 2 === 0 ? [a, b] : [b, a];
  const plate = `LB${String(k).padStart(5, '0')}`;
  const entry: WriteEntry = { stage, plate, booked: false, confirmed: false };
  const booking = await timedPost(
    `${first.url}${BOOKING_PATHS.tramitesBook}`,
    driver.headers,
    {
      sessionInfo: {
        parameters: {
          placa: plate,
          ciudad: '11001',
          sede: BRANCH,
          tramite: ['TRASPASO'],
          fecha_agenda: seat.fecha,
          franja: seat.franja,
          metodo_pago: 'pagar_ahora',
        },
      },
    },
    samples.booking,
  );
  if (booking.status !== 200) {
    if (state.log.filter((e) => !e.booked).length < 3) {
      console.error(`  booking ${plate} → ${booking.status} ${JSON.stringify(booking.json).slice(0, 300)}`);
    }
    return entry;
  }
  entry.booked = true;
  const p = (booking.json as { sessionInfo: { parameters: { referencia: string; price: number } } })
    .sessionInfo.parameters;
  const event = signedWompiEvent(
    { id: `tx-${p.referencia}`, status: 'APPROVED', reference: p.referencia, amount_in_cents: p.price * 100 },
    Math.floor(Date.now() / 1000),
    state.eventsSecret,
  );
  const webhook = await timedPost(`${second.url}/api/pagos/webhook/sandbox/`, {}, event, samples.webhook);
  const answer = webhook.json as { ok?: boolean; outcome?: string } | null;
  entry.confirmed = webhook.status === 200 && answer?.ok === true && answer.outcome === 'confirmed';
  if (!entry.confirmed && state.log.filter((e) => e.booked && !e.confirmed).length < 3) {
    console.error(
      `  payment ${p.referencia} → ${webhook.status} ${JSON.stringify(webhook.json).slice(0, 300)}`,
    );
  }
  return entry;
}

/** `workers` loops writing until `until()` says stop (or no seat is left). */
export async function runWriters(
  state: WriteState,
  opts: { stage: string; workers: number; until: (done: number) => boolean },
  samples: WriteSamples,
): Promise<void> {
  let done = 0;
  const worker = async () => {
    while (!state.exhausted && !opts.until(done)) {
      const entry = await writeOnce(state, opts.stage, samples);
      if (!entry) break;
      state.log.push(entry);
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: opts.workers }, worker));
}

/** Per stage, the writes answered as done that the database does not hold: bookings missing, payments unapplied. */
export async function lostWrites(state: WriteState): Promise<Map<string, number>> {
  const plates = state.log.filter((e) => e.booked).map((e) => e.plate);
  const rows = await state.world.database.query<{ placa: string; estado: string }>(
    'select placa, estado from bookings where placa = any($1::text[])',
    [plates],
  );
  const estado = new Map(rows.map((r) => [r.placa, r.estado]));
  const lost = new Map<string, number>();
  for (const e of state.log) {
    if (!lost.has(e.stage)) lost.set(e.stage, 0);
    const missing = e.booked && !estado.has(e.plate);
    const unapplied = e.confirmed && estado.get(e.plate) !== 'confirmada';
    if (missing || unapplied) lost.set(e.stage, (lost.get(e.stage) ?? 0) + 1);
  }
  return lost;
}
