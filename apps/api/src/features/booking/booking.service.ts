import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type {
  peritajeBookRequestSchema,
  peritajeBranchDetailRequestSchema,
  rtmBookRequestSchema,
  rtmBranchDetailRequestSchema,
  slotsRequestSchema,
  tramitesBookRequestSchema,
  tramitesBranchDetailRequestSchema,
} from '@togo/domain/booking/booking.contract';
import {
  BOOKING_MSG,
  HOLD_MINUTES,
  type BookingAnswer,
  type BookingAnswerParameters,
  type Branch,
  type BranchDetailParameters,
  type BranchesResponse,
  type CitiesResponse,
  type Combo,
  type FromFlow,
  type MyBooking,
  type OpeningHours,
  type PaymentMethod,
  type PeritajeFuel,
  type PeritajeGroup,
  type SlotsResponse,
  type TramitesResponse,
} from '@togo/domain/booking/booking.contract';
import {
  addDays,
  bogotaInstant,
  peritajeClassAndFuel,
  slotBlock,
  slotHour,
  slotHoursFor,
  slotLabel,
  slotTime,
} from '@togo/domain/booking/booking.rules';
import { isMotorcycleClass } from '@togo/domain/garage/vehicle.rules';
import { plateGroup } from '@togo/domain/plates/plate.rules';
import type { Logger } from 'pino';
import { AppError } from '../../http/app-error.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { hmacHex, sha256Hex } from '../../lib/crypto.ts';
import type { Messenger } from '../../integrations/messaging/messenger.ts';
import type { PaymentEvent, PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import { bookingIcs } from './booking-ics.ts';
import type {
  BookingRepository,
  BookingView,
  BranchRow,
  NewBooking,
  PaymentEventOutcome,
} from './booking.repository.ts';

export const BOOKING_HOLD_RELEASE_JOB = 'booking-hold-release';

type RtmDetailParams = z.output<typeof rtmBranchDetailRequestSchema>['sessionInfo']['parameters'];
type PeritajeDetailParams = z.output<typeof peritajeBranchDetailRequestSchema>['sessionInfo']['parameters'];
type TramitesDetailBody = z.output<typeof tramitesBranchDetailRequestSchema>;
type SlotsBody = z.output<typeof slotsRequestSchema>;
type RtmBookParams = z.output<typeof rtmBookRequestSchema>['sessionInfo']['parameters'];
type PeritajeBookParams = z.output<typeof peritajeBookRequestSchema>['sessionInfo']['parameters'];
type TramitesBookParams = z.output<typeof tramitesBookRequestSchema>['sessionInfo']['parameters'];

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

const SERVICE_TITLES: Record<FromFlow, string> = {
  rtm: 'Revisión técnico-mecánica',
  peritaje: 'Peritaje',
  tramites: 'Trámites',
};
const CITY_PROMPT: Record<FromFlow, string> = {
  rtm: 'Selecciona la ciudad donde quieres hacer tu revisión técnico-mecánica',
  peritaje: 'Selecciona la ciudad donde quieres hacer tu peritaje',
  tramites: 'Selecciona la ciudad donde quieres hacer tu trámite',
};
/** Only Bogotá has the peritaje home service (SPPF §3). */
const HOME_SERVICE_CITY = 11001;

function message(text: string): MessageOnlyAnswer {
  return { fulfillmentResponse: { messages: [{ text: { text: [text] } }] } };
}

function both<P>(parameters: P): DetailAnswer<P> {
  return { sessionInfo: { parameters }, session_info: { parameters } };
}

export function newReference(): string {
  // 10 characters of Crockford base32: ~50 bits, unguessable enough to act as the sandbox page's capability.
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = randomBytes(10);
  return `TG${Array.from(bytes, (b) => alphabet[b % 32]).join('')}`;
}

export function vehicleGroup(clase: string): 'LIVIANOS' | 'MOTOS' | 'PESADOS' {
  if (isMotorcycleClass(clase)) return 'MOTOS';
  if (['BUSETA', 'BUS', 'CAMION', 'VOLQUETA', 'TRACTOCAMION'].includes(clase)) return 'PESADOS';
  return 'LIVIANOS';
}

/** The booking domain behind the /wh/ calls (SPPF §7) and the user's bookings. */
export class BookingService {
  constructor(
    private readonly deps: {
      repo: BookingRepository;
      clock: Clock;
      payments: PaymentProvider;
      jobs: JobQueue;
      messenger: Messenger;
      webUrl: string;
      /** Where the gateway sends the payer back. */
      paymentRedirectUrl: string;
      secret: string;
      log: Pick<Logger, 'warn' | 'error' | 'info'>;
    },
  ) {}

  private get repo() {
    return this.deps.repo;
  }

  // ── catalogue ───────────────────────────────────────────────────────────

  /** The client's branding key: an HMAC of its identifier, so it needs no storage and cannot be guessed. */
  brandingKey(cliente: string): string {
    return hmacHex(this.deps.secret, `branding:${cliente.trim().toUpperCase()}`).slice(0, 32);
  }

  branding(cliente: string) {
    return { sessionInfo: { parameters: { cliente, llave: this.brandingKey(cliente) } } };
  }

  async cities(fromFlow: FromFlow): Promise<CitiesResponse> {
    const list = await this.repo.citiesWithBranches(fromFlow);
    return {
      fulfillmentResponse: {
        messages: [
          { text: { text: [CITY_PROMPT[fromFlow]] } },
          {
            payload: {
              richContent: [
                [{ type: 'chips', options: list.map((c) => ({ text: c.name, value: String(c.id) })) }],
              ],
            },
          },
        ],
      },
    };
  }

  toBranch(row: BranchRow): Branch {
    return {
      id: row.id,
      nombre: row.nombre,
      text: row.aDomicilio ? row.nombre : `${row.nombre} - ${row.direccion}`,
      direccion: row.direccion,
      imagen: row.imagen,
      lat: row.lat,
      lng: row.lng,
      ciudad_sb: row.cityName,
      ciudad_codigo: String(row.cityId).padStart(5, '0'),
      telefono: row.telefono,
      maps: row.maps,
      horario: row.horario as OpeningHours,
      capacidad: row.capacidad,
      a_domicilio: row.aDomicilio,
    };
  }

  async branches(ciudad: string, fromFlow: FromFlow): Promise<BranchesResponse> {
    const city = await this.repo.findCity(ciudad);
    if (!city) return [];
    return (await this.repo.branchesByCity(city.id, fromFlow)).map((b) => this.toBranch(b));
  }

  async combos(filter: { nombreContains?: string | undefined; grupo?: string; combustible?: string }) {
    const rows = await this.repo.combos(filter);
    const fold = (v: string) =>
      v
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
    const needle = filter.nombreContains ? fold(filter.nombreContains) : null;
    return rows
      .filter((c) => !needle || fold(c.text).includes(needle))
      .map((c): Combo => ({
        id: c.id,
        text: c.text,
        short_name: c.shortName,
        price: c.precio,
        sede: c.proveedor,
        grupo: c.grupo as PeritajeGroup,
        combustible: c.combustible as PeritajeFuel,
        tasks: c.tasks as string[],
      }));
  }

  async tramitesOptions(): Promise<TramitesResponse> {
    const list = await this.repo.tramites();
    return {
      fulfillmentResponse: {
        messages: [
          {
            text: {
              text: ['Selecciona los trámites que necesitas: puedes agendar varios en una sola cita.'],
            },
          },
          {
            payload: {
              richContent: [
                [
                  {
                    type: 'chips',
                    options: list.map((t) => ({
                      value: t.id,
                      text: t.nombre,
                      price: t.precio,
                      description: t.descripcion,
                      icon: t.icono,
                    })),
                  },
                ],
              ],
            },
          },
        ],
      },
    };
  }

  // ── branch details ──────────────────────────────────────────────────────

  private async branchFor(sede: string, servicio: FromFlow): Promise<BranchRow> {
    const branch = await this.repo.findBranch(sede);
    if (!branch || branch.servicio !== servicio) throw AppError.notFound(BOOKING_MSG.branchNotFound);
    return branch;
  }

  private detailParameters(
    branch: BranchRow,
    placa: string,
    tipo: string,
    price: number,
  ): BranchDetailParameters {
    return {
      placa,
      tipo_vehiculo: tipo,
      price,
      sede: branch.id,
      nombre_sede: branch.nombre,
      direccion: branch.direccion,
      telefono: branch.telefono,
      maps: branch.maps,
      ciudad: branch.cityName,
    };
  }

  /** Vehicle class: the registry's for a garage vehicle, else inferred from the plate format. */
  private async vehicleClass(userId: number, placa: string): Promise<{ clase: string; inGarage: boolean }> {
    const vehicle = await this.repo.findVehicle(userId, placa);
    if (vehicle?.clase) return { clase: vehicle.clase, inGarage: true };
    const group = plateGroup(placa);
    return { clase: group === 'moto' ? 'MOTOCICLETA' : 'AUTOMOVIL', inGarage: Boolean(vehicle) };
  }

  /** RTM price and vehicle type for a garage vehicle at a branch, or the message to show instead. */
  private async rtmQuote(
    userId: number,
    branch: BranchRow,
    placa: string,
  ): Promise<{ message: string } | { clase: string; price: number }> {
    const { clase, inGarage } = await this.vehicleClass(userId, placa);
    if (!inGarage) return { message: BOOKING_MSG.vehicleNotInGarage };
    const price = await this.repo.rtmPrice(clase);
    const served = branch.atiende as string[];
    if (!price || !served.includes(vehicleGroup(clase))) {
      return { message: BOOKING_MSG.vehicleTypeNotServed };
    }
    return { clase, price: price.precio };
  }

  async rtmDetail(
    userId: number,
    p: RtmDetailParams,
  ): Promise<DetailAnswer<BranchDetailParameters> | MessageOnlyAnswer> {
    const branch = await this.branchFor(p.sede, 'rtm');
    const quote = await this.rtmQuote(userId, branch, p.placa);
    if ('message' in quote) return message(quote.message);
    return both(this.detailParameters(branch, p.placa, quote.clase, quote.price));
  }

  private async peritajeQuote(
    p: { combo: string; tipo_atencion: string },
    branch: BranchRow,
  ): Promise<{ combo: Combo; clase: string; combustible: string } | { message: string }> {
    const [combo] = (await this.combos({})).filter((c) => c.id === p.combo);
    if (!combo) throw AppError.field('combo', BOOKING_MSG.comboNotFound);
    const home = combo.grupo === 'A Domicilio';
    if (home !== branch.aDomicilio || home !== (p.tipo_atencion === 'a_domicilio')) {
      return {
        message:
          home || branch.aDomicilio ? BOOKING_MSG.homeServiceNotAvailable : BOOKING_MSG.vehicleTypeNotServed,
      };
    }
    if (home && branch.cityId !== HOME_SERVICE_CITY) return { message: BOOKING_MSG.homeServiceNotAvailable };
    const group = combo.grupo === 'Motocicletas' ? 'MOTOS' : 'LIVIANOS';
    if (!(branch.atiende as string[]).includes(group)) return { message: BOOKING_MSG.vehicleTypeNotServed };
    const mapped = peritajeClassAndFuel(combo.grupo, combo.combustible);
    return { combo, clase: mapped.clase, combustible: mapped.combustible };
  }

  async peritajeDetail(
    _userId: number,
    p: PeritajeDetailParams,
  ): Promise<DetailAnswer<BranchDetailParameters> | MessageOnlyAnswer> {
    const branch = await this.branchFor(p.sede, 'peritaje');
    const quote = await this.peritajeQuote(p, branch);
    if ('message' in quote) return message(quote.message);
    return both({
      ...this.detailParameters(branch, p.placa, quote.clase, quote.combo.price),
      combo: quote.combo.id,
      combo_nombre: quote.combo.short_name,
      clase: quote.clase,
      combustible: quote.combustible,
      tipo_atencion: p.tipo_atencion,
    });
  }

  private async tramitesQuote(ids: string[]) {
    const rows = await this.repo.tramites(ids);
    if (rows.length !== ids.length) throw AppError.field('tramite', BOOKING_MSG.tramiteNotFound);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const lines = ids.map((id) => {
      const t = byId.get(id);
      if (!t) throw AppError.field('tramite', BOOKING_MSG.tramiteNotFound);
      return { id: t.id, text: t.nombre, price: t.precio };
    });
    return { lines, total: lines.reduce((sum, l) => sum + l.price, 0) };
  }

  async tramitesDetail(userId: number, body: TramitesDetailBody) {
    const branch = await this.branchFor(body.sede, 'tramites');
    const { lines, total } = await this.tramitesQuote(body.tramite);
    const { clase } = await this.vehicleClass(userId, body.placa);
    return both({ ...this.detailParameters(branch, body.placa, clase, total), tramites: lines });
  }

  // ── slots ───────────────────────────────────────────────────────────────

  /** Free hours per date of the range: generated hours minus occupied seats (confirmed plus live holds). */
  async slots(body: SlotsBody): Promise<SlotsResponse> {
    const branch = await this.branchFor(body.sede, body.from_flow);
    const now = this.deps.clock.now();
    const occupancy = await this.repo.slotOccupancy(
      branch.id,
      body.fecha_agenda_desde,
      body.fecha_agenda_hasta,
      now,
    );
    const byKey = new Map(occupancy.map((o) => [`${o.fecha}|${o.hora}`, o]));
    const closed = new Set(
      await this.repo.closedDates(branch.id, body.fecha_agenda_desde, body.fecha_agenda_hasta),
    );
    const out: SlotsResponse = [];
    for (let date = body.fecha_agenda_desde; date <= body.fecha_agenda_hasta; date = addDays(date, 1)) {
      const hours = closed.has(date)
        ? []
        : slotHoursFor({ date, now, openingHours: branch.horario as OpeningHours });
      const slots = [];
      for (const hour of hours) {
        const o = byKey.get(`${date}|${hour}`);
        const free = (o?.capacity ?? branch.capacidad) - (o?.ocupados ?? 0);
        if (free > 0)
          slots.push({
            id: slotLabel(hour),
            hora: slotTime(hour),
            bloque: slotBlock(hour),
            disponibles: free,
          });
      }
      out.push({ fecha: date, slots });
    }
    return out;
  }

  // ── booking ─────────────────────────────────────────────────────────────

  private checkSlot(branch: BranchRow, fecha: string, franja: string): number {
    const hour = slotHour(franja);
    const offered = slotHoursFor({
      date: fecha,
      now: this.deps.clock.now(),
      openingHours: branch.horario as OpeningHours,
    });
    if (hour === null || !offered.includes(hour)) throw AppError.badRequest(BOOKING_MSG.slotUnavailable);
    return hour;
  }

  async bookRtm(userId: number, p: RtmBookParams, idempotencyKey: string | null): Promise<BookResult> {
    const branch = await this.branchFor(p.sede, 'rtm');
    const hour = this.checkSlot(branch, p.fecha_agenda, p.franja);
    const quote = await this.rtmQuote(userId, branch, p.placa);
    if ('message' in quote) throw AppError.badRequest(quote.message);
    return this.book({
      userId,
      path: 'rtm',
      request: p,
      idempotencyKey,
      branch,
      hour,
      fecha: p.fecha_agenda,
      placa: p.placa,
      tipoVehiculo: quote.clase,
      tipoAtencion: 'presencial',
      metodoPago: p.metodo_pago,
      precio: quote.price,
      detalle: [SERVICE_TITLES.rtm],
      datos: { ciudad: p.ciudad ?? null, cliente: p.cliente ?? null, promocion: p.promocion },
      direccionServicio: null,
      correo: null,
      servicio: 'rtm',
    });
  }

  async bookPeritaje(
    userId: number,
    p: PeritajeBookParams,
    idempotencyKey: string | null,
  ): Promise<BookResult> {
    const branch = await this.branchFor(p.sede, 'peritaje');
    const hour = this.checkSlot(branch, p.fecha_agenda, p.franja);
    const quote = await this.peritajeQuote(p, branch);
    if ('message' in quote) throw AppError.badRequest(quote.message);
    return this.book({
      userId,
      path: 'peritaje',
      request: p,
      idempotencyKey,
      branch,
      hour,
      fecha: p.fecha_agenda,
      placa: p.placa,
      tipoVehiculo: quote.clase,
      tipoAtencion: p.tipo_atencion,
      metodoPago: p.metodo_pago,
      precio: quote.combo.price,
      detalle: [`Combo ${quote.combo.short_name}`],
      datos: {
        combo: quote.combo.id,
        clase: quote.clase,
        combustible: quote.combustible,
        recibir_resultado: p.recibir_resultado,
        correo_resultado: p.correo_resultado,
        nombre_resultado: p.nombre_resultado,
        cliente: p.cliente ?? null,
        promocion: p.promocion,
      },
      direccionServicio: p.tipo_atencion === 'a_domicilio' ? p.direccion_servicio : null,
      correo: p.correo_resultado,
      servicio: 'peritaje',
    });
  }

  async bookTramites(
    userId: number,
    p: TramitesBookParams,
    idempotencyKey: string | null,
  ): Promise<BookResult> {
    const branch = await this.branchFor(p.sede, 'tramites');
    const hour = this.checkSlot(branch, p.fecha_agenda, p.franja);
    const { lines, total } = await this.tramitesQuote(p.tramite);
    const { clase } = await this.vehicleClass(userId, p.placa);
    return this.book({
      userId,
      path: 'tramites',
      request: p,
      idempotencyKey,
      branch,
      hour,
      fecha: p.fecha_agenda,
      placa: p.placa,
      tipoVehiculo: clase,
      tipoAtencion: 'presencial',
      metodoPago: p.metodo_pago,
      precio: total,
      detalle: lines.map((l) => l.text),
      datos: {
        tramites: lines,
        celular: p.celular ?? null,
        tipo_identificacion: p.tipo_identificacion ?? null,
        numero_identificacion: p.numero_identificacion ?? null,
        nombre: p.nombre ?? null,
        cliente: p.cliente ?? null,
        promocion: p.promocion,
      },
      direccionServicio: null,
      correo: p.correo ?? null,
      servicio: 'tramites',
    });
  }

  private answerParameters(
    b: {
      id: string;
      referencia: string;
      estado: string;
      fecha: string;
      hora: number;
      precio: number;
      expiraEn: Date | null;
    },
    link: string | null,
  ): BookingAnswerParameters {
    return {
      linkPago: link,
      id_agendamiento: b.id,
      referencia: b.referencia,
      estado: b.estado as BookingAnswerParameters['estado'],
      fecha_agenda: b.fecha,
      franja: slotLabel(b.hora),
      price: b.precio,
      expira_en: b.expiraEn ? b.expiraEn.toISOString() : null,
    };
  }

  private async book(input: {
    userId: number;
    path: string;
    request: unknown;
    idempotencyKey: string | null;
    branch: BranchRow;
    hour: number;
    fecha: string;
    placa: string;
    tipoVehiculo: string;
    tipoAtencion: 'presencial' | 'a_domicilio';
    metodoPago: PaymentMethod;
    precio: number;
    detalle: string[];
    datos: Record<string, unknown>;
    direccionServicio: string | null;
    correo: string | null;
    servicio: FromFlow;
  }): Promise<BookResult> {
    // A day the console closed offers no slots (decision 022).
    if ((await this.repo.closedDates(input.branch.id, input.fecha, input.fecha)).length > 0) {
      throw AppError.badRequest(BOOKING_MSG.slotUnavailable);
    }
    const now = this.deps.clock.now();
    const payNow = input.metodoPago === 'pagar_ahora';
    const expiraEn = payNow ? new Date(now.getTime() + HOLD_MINUTES * 60_000) : null;
    const id = randomUUID();
    const referencia = newReference();
    const link = payNow
      ? await this.deps.payments.createPaymentLink({
          reference: referencia,
          amountInCents: input.precio * 100,
          description: `${SERVICE_TITLES[input.servicio]} - ${input.branch.nombre}`,
          customerEmail: (await this.repo.userContact(input.userId))?.email ?? null,
          expiresAt: expiraEn ?? now,
          redirectUrl: this.deps.paymentRedirectUrl,
        })
      : null;
    const booking: NewBooking = {
      id,
      userId: input.userId,
      referencia,
      servicio: input.servicio,
      branchId: input.branch.id,
      fecha: input.fecha,
      hora: input.hour,
      placa: input.placa,
      tipoVehiculo: input.tipoVehiculo,
      tipoAtencion: input.tipoAtencion,
      metodoPago: input.metodoPago,
      estado: payNow ? 'pendiente_pago' : 'confirmada',
      precio: input.precio,
      detalle: input.detalle,
      datos: input.datos,
      direccionServicio: input.direccionServicio,
      correo: input.correo,
      expiraEn,
    };
    const parameters = this.answerParameters(booking, link);
    const answer: BookingAnswer = both(parameters);
    const idempotency = input.idempotencyKey
      ? {
          key: input.idempotencyKey,
          requestHash: sha256Hex(`${input.path}\n${JSON.stringify(input.request)}`),
        }
      : null;
    const outcome = await this.repo.book({
      booking,
      payment: {
        id: randomUUID(),
        provider: payNow ? this.deps.payments.name : 'en_sitio',
        reference: referencia,
        amountInCents: input.precio * 100,
        status: payNow ? 'PENDING' : 'EN_SITIO',
        link,
      },
      capacity: input.branch.capacidad,
      now,
      idempotency,
      answer: () => answer,
    });
    if (outcome.kind === 'full') throw AppError.conflict(BOOKING_MSG.slotTaken);
    if (outcome.kind === 'replay') {
      if (outcome.requestHash !== idempotency?.requestHash)
        throw new AppError(422, BOOKING_MSG.idempotencyMismatch);
      return { statusCode: outcome.statusCode, body: outcome.response, replayed: true };
    }
    if (expiraEn) {
      await this.deps.jobs
        .send(BOOKING_HOLD_RELEASE_JOB, { bookingId: id }, { startAfter: expiraEn, retryLimit: 5 })
        .catch((err: unknown) => this.deps.log.error({ err, bookingId: id }, 'hold release job not queued'));
    } else {
      await this.sendConfirmation(id);
    }
    return { statusCode: 200, body: answer, replayed: false };
  }

  // ── the user's bookings ─────────────────────────────────────────────────

  toMyBooking(b: BookingView): MyBooking {
    return {
      id: b.id,
      referencia: b.referencia,
      servicio: b.servicio as MyBooking['servicio'],
      estado: b.estado as MyBooking['estado'],
      estado_reembolso: b.estadoReembolso as MyBooking['estado_reembolso'],
      placa: b.placa,
      fecha_agenda: b.fecha,
      franja: slotLabel(b.hora),
      tipo_atencion: b.tipoAtencion as MyBooking['tipo_atencion'],
      metodo_pago: b.metodoPago as MyBooking['metodo_pago'],
      price: b.precio,
      detalle: b.detalle as string[],
      sede: {
        id: b.branchId,
        nombre: b.branchNombre,
        direccion: b.branchDireccion,
        telefono: b.branchTelefono,
        maps: b.branchMaps,
        ciudad: b.branchCity,
      },
      direccion_servicio: b.direccionServicio,
      linkPago: b.estado === 'pendiente_pago' ? b.paymentLink : null,
      expira_en: b.estado === 'pendiente_pago' && b.expiraEn ? b.expiraEn.toISOString() : null,
      creado: b.created.toISOString(),
    };
  }

  async listMine(userId: number): Promise<{ results: MyBooking[] }> {
    const now = this.deps.clock.now();
    const list = await this.repo.listByUser(userId);
    // A hold past its end is shown as what it is, even before the release job has run.
    return {
      results: list.map((b) =>
        this.toMyBooking(
          b.estado === 'pendiente_pago' && b.expiraEn && b.expiraEn <= now ? { ...b, estado: 'expirada' } : b,
        ),
      ),
    };
  }

  async cancel(userId: number, id: string): Promise<void> {
    const booking = await this.repo.findOwned(userId, id);
    if (!booking) throw AppError.notFound('Agendamiento no encontrado.');
    const now = this.deps.clock.now();
    if (bogotaInstant(booking.fecha, booking.hora) <= now) throw AppError.conflict(BOOKING_MSG.cannotCancel);
    const result = await this.repo.cancel(userId, id, now);
    if (result === 'not_found') throw AppError.notFound('Agendamiento no encontrado.');
    if (result === 'not_cancellable') throw AppError.conflict(BOOKING_MSG.cannotCancel);
  }

  // ── payments ────────────────────────────────────────────────────────────

  get paymentProvider(): PaymentProvider {
    return this.deps.payments;
  }

  async applyPaymentEvent(event: PaymentEvent): Promise<PaymentEventOutcome> {
    const payment = await this.repo.findPayment(event.reference);
    if (payment && payment.amountInCents !== event.amountInCents) {
      this.deps.log.warn({ reference: event.reference }, 'payment event amount does not match the booking');
      return 'ignored';
    }
    const { outcome, bookingId } = await this.repo.applyPaymentEvent(
      { ...event, provider: this.deps.payments.name, payload: event },
      this.deps.clock.now(),
    );
    if (outcome === 'confirmed' && bookingId) await this.sendConfirmation(bookingId);
    if (outcome === 'approved_without_slot' || outcome === 'approved_after_cancel') {
      this.deps.log.warn(
        { reference: event.reference, outcome },
        'payment approved for a released booking: refund it',
      );
    }
    return outcome;
  }

  findPayment(reference: string) {
    return this.repo.findPayment(reference);
  }

  releaseExpiredHolds(): Promise<number> {
    return this.repo.releaseExpiredHolds(this.deps.clock.now());
  }

  /** Confirmation email with the .ics; a failure is logged, never undoes the booking. */
  private async sendConfirmation(bookingId: string): Promise<void> {
    try {
      const b = await this.repo.findById(bookingId);
      if (!b) return;
      const contact = await this.repo.userContact(b.userId);
      if (!contact) return;
      const start = bogotaInstant(b.fecha, b.hora);
      const title = `${SERVICE_TITLES[b.servicio as FromFlow] ?? 'Servicio'} TOGO - ${b.placa}`;
      const where = b.direccionServicio ?? `${b.branchNombre}, ${b.branchDireccion}, ${b.branchCity}`;
      const [y, m, d] = b.fecha.split('-');
      const lines = [
        `Hola ${contact.nombres}, tu agendamiento quedó confirmado.`,
        '',
        `Servicio: ${(b.detalle as string[]).join(', ')}`,
        `Fecha: ${d}-${m}-${y}`,
        `Hora: ${slotLabel(b.hora)}`,
        `Lugar: ${b.direccionServicio ? 'A domicilio, ' + b.direccionServicio : where}`,
        `Placa: ${b.placa}`,
        `Valor: $${b.precio.toLocaleString('es-CO')} (${b.metodoPago === 'pagar_en_sitio' ? 'pago en sitio' : 'pagado en línea'})`,
        `Referencia: ${b.referencia}`,
        '',
        `Teléfono de la sede: ${b.branchTelefono}`,
        `Cómo llegar: ${b.branchMaps}`,
        '',
        `Consulta, reprograma o cancela tus agendamientos en ${this.deps.webUrl}/app/agendamientos`,
      ];
      await this.deps.messenger.send({
        to: contact.email,
        channel: 'email',
        subject: `Agendamiento confirmado: ${title}`,
        body: lines.join('\n'),
        attachments: [
          {
            filename: 'agendamiento.ics',
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            content: bookingIcs({
              bookingId: b.id,
              start,
              end: new Date(start.getTime() + 3_600_000),
              now: this.deps.clock.now(),
              summary: title,
              location: where,
              description: `Referencia ${b.referencia}. ${(b.detalle as string[]).join(', ')}.`,
            }),
          },
        ],
      });
    } catch (err) {
      this.deps.log.error({ err, bookingId }, 'booking confirmation email failed');
    }
  }
}
