import { bogotaLocalDateTime } from '@togo/domain/bogota-time';
import type { Logger } from 'pino';
import {
  FLEET_DIGEST_MSG,
  type FleetDigestPreview,
  type FleetDigestSettings,
} from '@togo/domain/fleet/fleet-digest.contract';
import { ORGANISATION_MSG } from '@togo/domain/organisation/organisation.contract';
import { addDays, mondayOf } from '@togo/domain/pico-placa/pico-placa.calendar';
import { AppError } from '../../http/app-error.ts';
import type { Messenger } from '../../integrations/messaging/messenger.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FleetAlertsService } from './fleet-alerts.service.ts';
import type { FleetCompanyRepository } from './fleet-company.repository.ts';
import type { FleetComplianceService } from './fleet-compliance.service.ts';
import type { FleetDigestRepository } from './fleet-digest.repository.ts';
import { digestEmail, type DigestContent } from './fleet-digest.email.ts';

export interface DigestRun {
  semana: string;
  sent: number;
  skipped: number;
  failed: number;
}

/**
 * The weekly digest (decision 038): on Monday 07:00 Bogotá, to every administrator of every company whose
 * digest is on, what expires within 30 days, what is already expired or missing (vehicles without a valid
 * SOAT or RTM), the pending fines new since the previous digest and the vehicles whose pico y placa TOGO does
 * not know that day (issue 33: "Sin información", never "puede circular"). Each (organisation, administrator, week)
 * is claimed in fleet_digest_sends before sending, so it goes out once even with several instances.
 */
export class FleetDigestService {
  constructor(
    private readonly deps: {
      repo: FleetDigestRepository;
      company: FleetCompanyRepository;
      alerts: FleetAlertsService;
      compliance: FleetComplianceService;
      messenger: Messenger;
      clock: Clock;
      webUrl: string;
      log: Pick<Logger, 'info' | 'error'>;
    },
  ) {}

  settings = async (organisationId: number): Promise<FleetDigestSettings> => ({
    activo: await this.deps.repo.enabled(organisationId),
  });

  setSettings = async (organisationId: number, body: FleetDigestSettings): Promise<FleetDigestSettings> => {
    await this.deps.repo.setEnabled(organisationId, body.activo, this.deps.clock.now());
    return { activo: body.activo };
  };

  async content(organisationId: number, semana: string): Promise<DigestContent> {
    const { repo } = this.deps;
    const last = await repo.lastSent(organisationId, semana);
    const desde = last ? bogotaLocalDateTime(last).slice(0, 10) : addDays(semana, -7);
    const today = bogotaLocalDateTime(this.deps.clock.now()).slice(0, 10);
    const [empresa, alerts, multasNuevas, picoPlacaSinInformacion] = await Promise.all([
      this.deps.company.companyName(organisationId),
      this.deps.alerts.alerts(organisationId, { fecha: today }),
      repo.newFines(organisationId, desde),
      this.deps.compliance.unknownPicoPlaca(organisationId, today),
    ]);
    return {
      empresa,
      semana,
      vencidos: alerts.grupos.vencidos,
      vencen30: alerts.grupos.vencen_30,
      multasNuevas,
      desde,
      picoPlacaSinInformacion,
    };
  }

  /**
   * "Enviarme una vista previa ahora" (issue 37): this week's content, now, to the administrador who asks and to
   * nobody else. Nothing is claimed, so Monday's digest still goes out and still counts fines since the last one.
   */
  sendPreview = async (organisationId: number, userId: number): Promise<FleetDigestPreview> => {
    const admin = (await this.deps.repo.administrators(organisationId)).find((a) => a.userId === userId);
    if (!admin) throw AppError.forbidden(ORGANISATION_MSG.adminOnly);
    const semana = mondayOf(bogotaLocalDateTime(this.deps.clock.now()).slice(0, 10));
    const content = await this.content(organisationId, semana);
    const email = digestEmail(content, admin.nombres, this.deps.webUrl);
    await this.deps.messenger.send({
      to: admin.email,
      channel: 'email',
      subject: FLEET_DIGEST_MSG.previewSubject(content.empresa),
      body: email.text,
      html: email.html,
    });
    return { enviado_a: admin.email };
  };

  /** Sends this week's digests not sent yet. Throws after trying everyone if any email failed (the job retries). */
  runWeekly = async (): Promise<DigestRun> => {
    const now = this.deps.clock.now();
    const semana = mondayOf(bogotaLocalDateTime(now).slice(0, 10));
    const run: DigestRun = { semana, sent: 0, skipped: 0, failed: 0 };
    for (const organisationId of await this.deps.repo.organisations()) {
      let content: DigestContent | null = null;
      for (const admin of await this.deps.repo.administrators(organisationId)) {
        if (!(await this.deps.repo.claim(organisationId, admin.userId, semana, now))) {
          run.skipped += 1;
          continue;
        }
        try {
          content ??= await this.content(organisationId, semana);
          const email = digestEmail(content, admin.nombres, this.deps.webUrl);
          await this.deps.messenger.send({
            to: admin.email,
            channel: 'email',
            subject: FLEET_DIGEST_MSG.subject(content.empresa),
            body: email.text,
            html: email.html,
          });
          run.sent += 1;
        } catch (err) {
          await this.deps.repo.release(organisationId, admin.userId, semana);
          this.deps.log.error({ err, organisationId, userId: admin.userId }, 'fleet digest not sent');
          run.failed += 1;
        }
      }
    }
    this.deps.log.info(run, 'fleet weekly digest');
    if (run.failed > 0) throw new Error(`fleet digest: ${run.failed} email(s) not sent`);
    return run;
  };
}
