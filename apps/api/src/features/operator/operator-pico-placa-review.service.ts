import { bogotaLocalDateTime } from '@togo/domain/bogota-time';
import { PERMISSIONS } from '@togo/domain/operator/operator-permissions';
import { reviewNoticeDue, rulesToReview } from '@togo/domain/operator/operator-pico-placa.rules';
import { PicoPlacaCitySchema } from '@togo/domain/pico-placa/pico-placa.rules';
import type { Messenger } from '../../integrations/messaging/messenger.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OperatorPicoPlacaRepository } from './operator-pico-placa.repository.ts';

const REASON: Record<string, string> = {
  vence: 'termina el',
  revisar: 'debe verificarse antes del',
};

function displayDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * The staff emails before TOGO goes blind (issue 33, decision 083): every day, a rule of the "Por revisar" list
 * whose end or review date is 30 days away (then 7) is announced to each active staff member who may edit pico y
 * placa. Each (city, rule, date, notice, member) is claimed in pico_placa_review_mails before sending: once each,
 * over runs and instances; a failed send releases its claim so the next run retries.
 */
export class PicoPlacaReviewMailService {
  constructor(
    private readonly d: {
      repo: OperatorPicoPlacaRepository;
      messenger: Messenger;
      clock: Clock;
      consoleUrl: string;
    },
  ) {}

  async run(): Promise<{ sent: number }> {
    const now = this.d.clock.now();
    const today = bogotaLocalDateTime(now).slice(0, 10);
    const roles = [...PERMISSIONS['pico-placa.editar']];
    const members = await this.d.repo.staffWithRoles(roles);
    const rows = await this.d.repo.listCities();
    let sent = 0;
    for (const row of rows) {
      const parsed = PicoPlacaCitySchema.safeParse(row.data);
      if (!parsed.success) continue;
      const city = parsed.data;
      for (const item of rulesToReview(city, today)) {
        const aviso = reviewNoticeDue(item.fecha, today);
        if (aviso === null || item.fecha === null) continue;
        const what = `La regla ${item.regla} de ${city.name} ${REASON[item.motivo] ?? 'vence el'} ${displayDate(item.fecha)}`;
        for (const member of members) {
          const claim = { cityKey: row.key, regla: item.regla, fecha: item.fecha, aviso, staffId: member.id };
          if (!(await this.d.repo.claimReviewMail(claim, now))) continue;
          try {
            await this.d.messenger.send({
              to: member.email,
              channel: 'email',
              subject: `Pico y placa por revisar: ${city.name} (${aviso} días)`,
              body:
                `Hola, ${member.nombre}:\n\n${what}. Si no se publica una regla nueva o no se verifica, los ` +
                `conductores de ${city.name} verán «Sin información» o «por confirmar».\n\n` +
                `Revísala en la consola: ${this.d.consoleUrl}/operador/pico-placa?ciudad=${city.dane_code}`,
            });
            sent += 1;
          } catch (err) {
            await this.d.repo.releaseReviewMail(claim);
            throw err;
          }
        }
      }
    }
    return { sent };
  }
}
