import { OPERATOR_MSG, type StaffMember, type StaffRole } from '@togo/domain/operator/operator-auth.contract';
import { AppError } from '../../http/app-error.ts';
import { staleVersion } from '../../http/if-match.ts';
import type { Messenger } from '../../integrations/messaging/messenger.ts';
import type { Clock } from '../../lib/clock.ts';
import { newToken, sha256Hex } from '../../lib/crypto.ts';
import type { AuditActor } from './audit.repository.ts';
import type { StaffRepository, StaffRow } from './staff.repository.ts';

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const publicStaff = (s: StaffRow) => ({ correo: s.email, nombre: s.nombre, rol: s.rol, activo: s.activo });

/** Staff management (admin only): invitations by email with a one-time link, role changes, deactivation. */
export class StaffAdminService {
  constructor(
    private readonly deps: { repo: StaffRepository; clock: Clock; messenger: Messenger; webUrl: string },
  ) {}

  async list(): Promise<StaffMember[]> {
    const rows = await this.deps.repo.list();
    return rows.map((s) => ({
      id: s.id,
      correo: s.email,
      nombre: s.nombre,
      rol: s.rol as StaffRole,
      activo: s.activo,
      totp: s.totpEnabled,
      invitacion_pendiente: s.invitationPending,
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
    if (id === undefined) throw AppError.field('correo', OPERATOR_MSG.emailTaken);
    const link = `${this.deps.webUrl.replace(/\/+$/, '')}/operador/invitacion?token=${token}`;
    await this.deps.messenger.send({
      to: input.correo,
      channel: 'email',
      subject: 'Invitación a la consola de operación de TOGO',
      body:
        `Hola, ${input.nombre}:\n\nTe invitaron a la consola de operación de TOGO con el rol «${input.rol}». ` +
        `Define tu clave en este enlace (válido por 7 días y de un solo uso):\n\n${link}\n`,
    });
    return { id, correo: input.correo, nombre: input.nombre, rol: input.rol };
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
