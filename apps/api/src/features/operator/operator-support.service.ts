import { normalizeIdentifier, OTP_MAX_FAILURES_PER_DAY } from '@togo/domain/auth/auth.rules';
import type { SupportUser } from '@togo/domain/operator/operator-console.contract';
import {
  REFUND_STATES,
  SUPPORT_DETAIL_PAGE,
  SUPPORT_MSG,
  SUPPORT_PAGE_SIZE_DEFAULT,
  type SupportActionAnswer,
  type SupportBookingsPage,
  type SupportDeliveriesPage,
  type SupportResendAnswer,
  type SupportSearchPage,
  type SupportSearchPageQuery,
  type SupportUserDetail,
} from '@togo/domain/operator/operator-support.contract';
import { supportSearchTerms } from '@togo/domain/operator/support-search.rules';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditActor } from './audit.repository.ts';
import type { OperatorSupportActionsRepository } from './operator-support-actions.repository.ts';
import type {
  OperatorSupportRepository,
  SupportBookingRow,
  SupportDeliveryRow,
  SupportUserRecord,
} from './operator-support.repository.ts';

/** What the accounts feature needs to send a driver a code again (wired in app.ts). */
export interface SupportCodeTarget {
  id: number;
  email: string;
  pendingEmail: string | null;
  telefono: string | null;
}

/**
 * Port to the accounts' code flow (decision 031): issues a new code with every limit of that flow (the 60 s
 * cooldown answers 429 with Retry-After) and sends it through the Messenger.
 */
export interface SupportCodeSender {
  resend(user: SupportCodeTarget): Promise<{ canal: 'email' | 'sms'; destino: string; proceso: string }>;
}

const iso = (v: Date | string) => new Date(v).toISOString();
const isRefund = (v: string | null): v is (typeof REFUND_STATES)[number] =>
  (REFUND_STATES as readonly (string | null)[]).includes(v);

function bookingOut(r: SupportBookingRow) {
  return {
    id: r.id,
    referencia: r.referencia,
    servicio: r.servicio,
    sede: r.sede,
    fecha: typeof r.fecha === 'string' ? r.fecha : r.fecha.toISOString().slice(0, 10),
    hora: `${String(r.hora).padStart(2, '0')}:00`,
    placa: r.placa,
    estado: r.estado,
    pagado: Boolean(r.pagado),
    estado_reembolso: isRefund(r.estadoReembolso) ? r.estadoReembolso : null,
  };
}

function deliveryOut(r: SupportDeliveryRow) {
  return {
    id: Number(r.id),
    canal: r.canal,
    tipo: r.tipo,
    titulo: r.titulo,
    estado: r.estado,
    motivo: r.motivo,
    fecha: iso(r.fecha),
  };
}

/** The sign-in throttle keys and code-flow identifiers of an account (accounts' normalizeIdentifier). */
function lockKeys(user: Pick<SupportUserRecord, 'email' | 'telefono'>) {
  const identifiers = [normalizeIdentifier(user.email)];
  if (user.telefono) identifiers.push(normalizeIdentifier(user.telefono));
  return { identifiers, throttleKeys: identifiers.map((i) => `login:acct:${i}`) };
}

/** User support: look-up (plain or paged), a driver's detail and the audited support actions. */
export class OperatorSupportService {
  constructor(
    private readonly deps: {
      repo: OperatorSupportRepository;
      actions: OperatorSupportActionsRepository;
      codes: SupportCodeSender;
      clock: Clock;
    },
  ) {}

  async search(q: string): Promise<SupportUser[]> {
    const rows = await this.deps.repo.search(supportSearchTerms(q));
    return rows.map((r) => ({ ...r, id: Number(r.id), placas: r.placas ?? [] }));
  }

  async searchPage(query: SupportSearchPageQuery): Promise<SupportSearchPage> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? SUPPORT_PAGE_SIZE_DEFAULT;
    const { rows, total } = await this.deps.repo.searchPage(
      supportSearchTerms(query.q),
      query.orden ?? 'nombre',
      pageSize,
      (page - 1) * pageSize,
    );
    return {
      data: rows.map((r) => ({
        id: Number(r.id),
        correo: r.correo,
        nombre: r.nombre,
        telefono: r.telefono,
        documento: r.documento,
        placas: r.placas ?? [],
        creado: iso(r.creado),
      })),
      total,
      page,
      page_size: pageSize,
    };
  }

  private async user(id: number): Promise<SupportUserRecord> {
    const user = Number.isSafeInteger(id) && id > 0 ? await this.deps.repo.findUser(id) : undefined;
    if (!user) throw AppError.notFound('Usuario no encontrado.');
    return user;
  }

  async detail(id: number): Promise<SupportUserDetail> {
    const user = await this.user(id);
    const now = this.deps.clock.now();
    const { identifiers, throttleKeys } = lockKeys(user);
    const [until, sessions, vehicles, bookings, deliveries] = await Promise.all([
      this.deps.repo.lockedUntil(throttleKeys, identifiers, now, OTP_MAX_FAILURES_PER_DAY),
      this.deps.repo.activeSessions(id, now),
      this.deps.repo.vehicles(id),
      this.bookings(id, 1, SUPPORT_DETAIL_PAGE),
      this.deliveries(id, 1, SUPPORT_DETAIL_PAGE),
    ]);
    return {
      id: Number(user.id),
      nombre: user.nombre,
      correo: user.email,
      correo_pendiente: user.pendingEmail,
      telefono: user.telefono,
      tipo_documento: user.tipoDocumento,
      documento: user.documento,
      verificado: Boolean(user.verificado),
      bloqueado: until !== null && until > now,
      bloqueado_hasta: until && until > now ? until.toISOString() : null,
      sesiones_activas: sessions,
      creado: iso(user.creado),
      eliminado: user.eliminado ? iso(user.eliminado) : null,
      vehiculos: vehicles.map((v) => ({ ...v, id: Number(v.id) })),
      agendamientos: bookings,
      avisos: deliveries,
    };
  }

  async userBookings(id: number, page: number, pageSize: number): Promise<SupportBookingsPage> {
    await this.user(id);
    return this.bookings(id, page, pageSize);
  }

  async userDeliveries(id: number, page: number, pageSize: number): Promise<SupportDeliveriesPage> {
    await this.user(id);
    return this.deliveries(id, page, pageSize);
  }

  private async bookings(id: number, page: number, pageSize: number): Promise<SupportBookingsPage> {
    const { rows, total } = await this.deps.repo.bookings(id, pageSize, (page - 1) * pageSize);
    return { data: rows.map(bookingOut), total, page, page_size: pageSize };
  }

  private async deliveries(id: number, page: number, pageSize: number): Promise<SupportDeliveriesPage> {
    const { rows, total } = await this.deps.repo.deliveries(id, pageSize, (page - 1) * pageSize);
    return { data: rows.map(deliveryOut), total, page, page_size: pageSize };
  }

  /**
   * Sends the driver a code again through the accounts flow. Its limits apply (429 with `segundos` and
   * Retry-After inside the cooldown); only a code actually issued is audited, so a refusal leaves no row.
   */
  async resendCode(actor: AuditActor, id: number): Promise<SupportResendAnswer> {
    const user = await this.user(id);
    if (user.eliminado) throw AppError.conflict(SUPPORT_MSG.deleted);
    let sent: Awaited<ReturnType<SupportCodeSender['resend']>>;
    try {
      sent = await this.deps.codes.resend({
        id: Number(user.id),
        email: user.email,
        pendingEmail: user.pendingEmail,
        telefono: user.telefono,
      });
    } catch (err) {
      if (err instanceof AppError && err.status === 429) {
        const segundos = Number(err.headers['Retry-After'] ?? 60);
        throw new AppError(429, { ...err.body, segundos }, err.headers);
      }
      throw err;
    }
    await this.deps.actions.auditResend(actor, id, sent, this.deps.clock.now());
    return { detail: SUPPORT_MSG.codeSent(sent.destino, sent.proceso), ...sent };
  }

  async unlock(actor: AuditActor, id: number): Promise<SupportActionAnswer> {
    const user = await this.user(id);
    const { identifiers, throttleKeys } = lockKeys(user);
    const n = await this.deps.actions.unlock(actor, id, throttleKeys, identifiers, this.deps.clock.now());
    return { detail: SUPPORT_MSG.unlocked, afectados: n };
  }

  async revokeSessions(actor: AuditActor, id: number): Promise<SupportActionAnswer> {
    await this.user(id);
    const n = await this.deps.actions.revokeSessions(actor, id, this.deps.clock.now());
    return { detail: SUPPORT_MSG.sessionsRevoked(n), afectados: n };
  }
}
