import {
  DEFAULT_PREFERENCES,
  type Preferences,
  type PreferencesUpdate,
} from '@togo/domain/reminders/reminders.contract';
import type { Clock } from '../../lib/clock.ts';
import type { OptOutService } from './opt-out.service.ts';
import type { PreferencesRepository } from './preferences.repository.ts';

/** A user's notification preferences: channels, kinds of message and quiet hours. */
export class PreferencesService {
  constructor(
    private readonly repo: PreferencesRepository,
    private readonly clock: Clock,
    private readonly consents: OptOutService,
  ) {}

  async get(userId: number): Promise<Preferences> {
    return (await this.repo.find(userId)) ?? structuredClone(DEFAULT_PREFERENCES);
  }

  /** Merges what was sent over the stored (or default) preferences and answers the result. */
  async update(
    userId: number,
    change: PreferencesUpdate,
    screen = 'perfil/preferencias',
  ): Promise<Preferences> {
    const current = await this.get(userId);
    const next: Preferences = {
      canales: { ...current.canales, ...change.canales },
      tipos: { ...current.tipos, ...change.tipos },
      silencio: { ...current.silencio, ...change.silencio },
    };
    await this.repo.save(userId, next, this.clock.now());
    await this.consents.recordPreferenceChange(userId, current, next, screen);
    return next;
  }
}
