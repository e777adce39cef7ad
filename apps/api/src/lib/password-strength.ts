import { createRequire } from 'node:module';
import type * as ZxcvbnCore from '@zxcvbn-ts/core';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type * as ZxcvbnCommon from '@zxcvbn-ts/language-common';
import { STAFF_PASSWORD_MSG, STAFF_PASSWORD_MIN_LENGTH } from '@togo/domain/operator/operator-auth.contract';

/** zxcvbn's score (0–4) a staff password needs: 3 = "safely unguessable" (about 10^8 guesses or more). */
export const STAFF_PASSWORD_MIN_SCORE = 3;

let factory: ZxcvbnFactory | null = null;

/**
 * zxcvbn-ts with its common-password, name and keyboard dictionaries, loaded on first use (≈ 10 MB, so idle
 * processes never carry it; decision 024). Synchronous so that config.ts can use it.
 */
function zxcvbn(): ZxcvbnFactory {
  if (!factory) {
    const require = createRequire(import.meta.url);
    const core = require('@zxcvbn-ts/core') as typeof ZxcvbnCore;
    const common = require('@zxcvbn-ts/language-common') as typeof ZxcvbnCommon;
    factory = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary },
      graphs: common.adjacencyGraphs,
    });
  }
  return factory;
}

/**
 * Why a staff password is too weak (Spanish), or null: at least STAFF_PASSWORD_MIN_LENGTH characters and a
 * zxcvbn score of STAFF_PASSWORD_MIN_SCORE, `userInputs` (the person's email, name) counting as known words
 * (issue 35, finding 9; decision 065).
 */
export function staffPasswordProblem(password: string, userInputs: string[] = []): string | null {
  if (password.length < STAFF_PASSWORD_MIN_LENGTH) return STAFF_PASSWORD_MSG.tooShort;
  const inputs = userInputs
    .flatMap((v) => v.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter((v) => v.length > 2);
  return zxcvbn().check(password, inputs).score < STAFF_PASSWORD_MIN_SCORE ? STAFF_PASSWORD_MSG.common : null;
}
