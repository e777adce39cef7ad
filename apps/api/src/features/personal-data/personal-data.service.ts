import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  DELETE_CONFIRMATION_WORD,
  PERSONAL_DATA_MSG,
  PURGE_AFTER_DAYS,
  type deleteAccountSchema,
} from '@togo/domain/profile/personal-data.contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { FileStorage } from '../../integrations/files/file-storage.ts';
import type { Clock } from '../../lib/clock.ts';
import { exportArchive, type ExportFile } from './personal-data-export.ts';
import { exportSummaryHtml } from './personal-data-summary.ts';
import { toExportData, type ExportRows } from './personal-data.mapper.ts';
import type { PersonalDataRepository } from './personal-data.repository.ts';

const DAY_MS = 86_400_000;
/** Accounts purged per batch of a purge run. */
const PURGE_BATCH = 50;

/** What a user of this feature is: the signed-in account's id (the session resolved it). */
export interface PersonalDataActor {
  id: number;
  passwordHash: string | null;
}

export interface PersonalDataDeps {
  repo: PersonalDataRepository;
  storage: FileStorage;
  clock: Clock;
  /** argon2 check of the accounts feature, injected (features do not import each other). */
  verifyPassword: (hash: string | null, password: string) => Promise<boolean>;
  log: FastifyBaseLogger;
}

const FILE_NAMES: Record<string, string> = {
  'profile-picture': 'foto-perfil',
  'vehicle-image': 'foto-vehiculo',
  'vehicle-licence': 'licencia',
  'fleet-driver-photo': 'foto-conductor',
};

/** Ley 1581 de 2012 (decision 021): export of one's own data, account deletion, purge 30 days later. */
export class PersonalDataService {
  constructor(private readonly deps: PersonalDataDeps) {}

  /** The signed-in user's data as a streamed .zip (datos.json + their files). Reads only their rows. */
  async export(actor: PersonalDataActor): Promise<{ stream: Readable; filename: string }> {
    const { repo, clock } = this.deps;
    const user = await repo.findUser(actor.id);
    if (!user || user.deletedAt) throw AppError.unauthorized('Token inválido o expirado.');
    const [identities, vehicles, alertDates, files, bookings, notifications, consents] = await Promise.all([
      repo.identities(user.id),
      repo.vehicles(user.id),
      repo.alertDates(user.id),
      repo.files(user.id),
      repo.bookings(user.id),
      repo.notifications(user.id),
      repo.consents(user.id),
    ]);
    const now = clock.now();
    const entries: ExportFile[] = files.map((f) => ({
      path: `archivos/${FILE_NAMES[f.purpose] ?? 'archivo'}-${f.id}.${f.extension}`,
      storageKey: f.storageKey,
      mtime: f.created,
    }));
    const rows: ExportRows = {
      user,
      identities,
      vehicles,
      alertDates,
      files,
      bookings,
      notifications,
      consents,
    };
    const stream = exportArchive({
      files: entries,
      storage: this.deps.storage,
      data: (read) => toExportData(rows, read, now),
      summary: exportSummaryHtml,
      now,
      log: this.deps.log,
    });
    return { stream, filename: `mis-datos-togo-${now.toISOString().slice(0, 10)}.zip` };
  }

  /**
   * Deletes the account: the password (or, for an account without one, the word ELIMINAR) confirms it; the
   * account is marked deleted and every session revoked in one transaction. The purge follows after
   * PURGE_AFTER_DAYS (purgeDue).
   */
  async deleteAccount(actor: PersonalDataActor, input: z.output<typeof deleteAccountSchema>): Promise<void> {
    const { repo, clock } = this.deps;
    if (actor.passwordHash) {
      if (!input.password) throw AppError.field('password', PERSONAL_DATA_MSG.passwordRequired);
      if (!(await this.deps.verifyPassword(actor.passwordHash, input.password))) {
        throw AppError.field('password', PERSONAL_DATA_MSG.passwordWrong);
      }
    } else if (input.confirmacion?.trim().toUpperCase() !== DELETE_CONFIRMATION_WORD) {
      throw AppError.field('confirmacion', PERSONAL_DATA_MSG.confirmationRequired);
    }
    const now = clock.now();
    await repo.markDeletedAndRevokeTokens(actor.id, now);
    this.deps.log.info({ userId: actor.id }, 'account deleted by its owner; purge scheduled');
  }

  /**
   * Purges every account deleted PURGE_AFTER_DAYS or more ago (by the injected clock): its files are removed
   * from storage first, then its rows in one transaction. Safe to run in several processes at once (the
   * transaction re-checks the account under a row lock). Returns how many accounts were purged.
   */
  async purgeDue(): Promise<number> {
    const { repo, clock, log } = this.deps;
    const now = clock.now();
    const cutoff = new Date(now.getTime() - PURGE_AFTER_DAYS * DAY_MS);
    let purged = 0;
    const failed: number[] = [];
    const seen = new Set<number>();
    for (;;) {
      const ids = (await repo.dueForPurge(cutoff, PURGE_BATCH)).filter((id) => !seen.has(id));
      if (ids.length === 0) break;
      for (const id of ids) {
        seen.add(id);
        try {
          if (await this.purgeOne(id, cutoff, now)) purged += 1;
        } catch (err) {
          // One account's failure (e.g. storage unreachable) does not hold back the others.
          log.error({ err, userId: id }, 'personal data purge failed');
          failed.push(id);
        }
      }
    }
    // A failed run is retried by the queue; accounts already purged are skipped then.
    if (failed.length > 0) throw new Error(`personal data purge failed for ${failed.length} account(s)`);
    return purged;
  }

  private async purgeOne(id: number, cutoff: Date, now: Date): Promise<boolean> {
    const { repo, storage, log } = this.deps;
    const user = await repo.findUser(id);
    if (!user) return false;
    const person = await repo.personDocument(user);
    // Bytes first: if a delete fails, the rows (and so the keys) are still there for the retry.
    for (const key of await repo.storageKeysToPurge(id, person)) await storage.delete(key);
    const done = await repo.purge(id, person, cutoff, now);
    if (done) log.info({ userId: id }, 'personal data purged');
    return done;
  }
}
