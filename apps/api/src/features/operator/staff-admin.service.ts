import { OPERATOR_MSG, type StaffMember, type StaffRole } from '@togo/domain/operator/operator-auth.contract';
import { AppError } from '../../http/app-error.ts';
import { staleVersion } from '../../http/if-match.ts';
import type { Messenger } from '../../integrations/messaging/messenger.ts';
import type { Clock } from '../../lib/clock.ts';
import { newToken, sha256Hex } from '../../lib/crypto.ts';
import type { AuditActor } from './audit.repository.ts';
import { STAFF_ACCOUNT_KEY_PREFIX, staffAccountKey } from './staff-auth.service.ts';
import type { StaffAdminRepository } from './staff-admin.repository.ts';
import type { StaffRepository, StaffRow } from './staff.repository.ts';

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const publicStaff = (s: StaffRow) => ({ correo: s.email, nombre: s.nombre, rol: s.rol, activo: s.activo });

/** Staff management (admin only): invitations by email with a one-time link, role changes, deactivation. */
export class StaffAdminService {
  constructor(
    private readonly deps: {
      repo: StaffRepository;
      /** Resend, revoke, unlock. */
      actions: StaffAdminRepository;
      clock: Clock;
      messenger: Messenger;
      webUrl: string;
    },
  ) {}

  async list(): Promise<StaffMember[]> {
    const rows = await this.deps.repo.list(this.deps.clock.now(), STAFF_ACCOUNT_KEY_PREFIX);
    return rows.map((s) => ({
      id: s.id,
      correo: s.email,
      nombre: s.nombre,
      rol: s.rol as StaffRole,
      activo: s.activo,
      totp: s.totpEnabled,
      invitacion_pendiente: s.invitationPending,
      bloqueado: s.locked,
      version: s.version,
    }));
  }

  async invite(actor: AuditActor, input: { correo: string; nombre: string; rol: StaffRole }) {
    const token = newToken();
    const now = this.deps.clock.now();
    const id = await this.deps.repo.invite(
      { email: input.correo, nombre: input.nombre, rol: input.rol },
      { tokenHash: sha256Hex(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) },
      (newId) => ({
        actor,
        accion: 'staff.invitar',
        objeto: `staff:${newId}`,
        antes: null,
        despues: { correo: input.correo, nombre: input.nombre, rol: input.rol },
      }),
      now,
    );
    if (id === undefined) {
      // An address whose invitation is still pending is offered a resend instead (issue 38).
      const existing = await this.deps.repo.findByEmail(input.correo);
      if (existing && existing.passwordHash === null) {
        throw new AppError(409, { detail: OPERATOR_MSG.invitationPending, staff_id: existing.id });
      }
      throw AppError.field('correo', OPERATOR_MSG.emailTaken);
    }
    await this.sendInvitation(input.correo, input.nombre, input.rol, token);
    return { id, correo: input.correo, nombre: input.nombre, rol: input.rol };
  }

  private async sendInvitation(correo: string, nombre: string, rol: string, token: string) {
    const link = `${this.deps.webUrl.replace(/\/+$/, '')}/operador/invitacion?token=${token}`;
    await this.deps.messenger.send({
      to: correo,
      channel: 'email',
      subject: 'Invitación a la consola de operación de TOGO',
      body:
        `Hola, ${nombre}:\n\nTe invitaron a la consola de operación de TOGO con el rol «${rol}». ` +
        `Define tu clave en este enlace (válido por 7 días y de un solo uso):\n\n${link}\n`,
    });
  }

  /** A new link for a pending invitation: the earlier links stop working (issue 38). */
  async resendInvitation(actor: AuditActor, id: number) {
    const token = newToken();
    const now = this.deps.clock.now();
    const member = await this.deps.actions.resendInvitation(
      id,
      { tokenHash: sha256Hex(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) },
      (m) => ({
        actor,
        accion: 'staff.reenviar_invitacion',
        objeto: `staff:${id}`,
        antes: null,
        despues: { correo: m.email },
      }),
      now,
    );
    if (member === 'missing') throw AppError.notFound();
    if (member === 'accepted') throw AppError.conflict(OPERATOR_MSG.notPendingInvitation);
    await this.sendInvitation(member.email, member.nombre, member.rol, token);
    return { id, correo: member.email };
  }

  /** Withdraws a pending invitation: the member is removed and the address may be invited again. */
  async revokeInvitation(actor: AuditActor, id: number): Promise<void> {
    const member = await this.deps.actions.revokeInvitation(
      id,
      (m) => ({
        actor,
        accion: 'staff.revocar_invitacion',
        objeto: `staff:${id}`,
        antes: publicStaff(m),
        despues: null,
      }),
      this.deps.clock.now(),
    );
    if (member === 'missing') throw AppError.notFound();
    if (member === 'accepted') throw AppError.conflict(OPERATOR_MSG.notPendingInvitation);
  }

  /** Lifts a lock-out by failed sign-ins; the count of failures starts again (issue 38). */
  async unlock(actor: AuditActor, id: number) {
    const member = await this.deps.actions.unlock(
      id,
      staffAccountKey,
      (m, lock) => ({
        actor,
        accion: 'staff.desbloquear',
        objeto: `staff:${id}`,
        antes: { correo: m.email, bloqueado: true, ...lock },
        despues: { correo: m.email, bloqueado: false },
      }),
      this.deps.clock.now(),
    );
    if (member === 'missing') throw AppError.notFound();
    if (member === 'not_locked') throw AppError.conflict(OPERATOR_MSG.notLocked);
    return { id, bloqueado: false as const };
  }

  /** `expected`: the member's version the list showed (If-Match); 409 when it changed since (decision 096). */
  async update(
    actor: AuditActor,
    id: number,
    patch: { rol?: StaffRole | undefined; activo?: boolean | undefined },
    expected: number,
  ) {
    if (id === actor.staffId && (patch.activo === false || (patch.rol && patch.rol !== 'admin'))) {
      throw AppError.conflict('No puedes quitarte a ti mismo el rol de administrador ni desactivarte.');
    }
    const after = await this.deps.repo.update(
      id,
      expected,
      patch,
      (before, updated) => ({
        actor,
        accion: 'staff.actualizar',
        objeto: `staff:${id}`,
        antes: publicStaff(before),
        despues: publicStaff(updated),
      }),
      this.deps.clock.now(),
    );
    if (after === 'missing') throw AppError.notFound();
    if (after === 'stale') throw staleVersion();
    return { ...publicStaff(after), version: after.version };
  }
}
