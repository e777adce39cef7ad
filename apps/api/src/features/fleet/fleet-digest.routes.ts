import type { FastifyInstance } from 'fastify';
import {
  FLEET_DIGEST_SETTINGS_PATH,
  fleetDigestSettingsSchema,
} from '@togo/domain/fleet/fleet-digest.contract';
import { orgCompany, type OrgHandlers } from '../../http/org-access.ts';
import { parse } from '../../http/validation.ts';
import type { FleetDigestService } from './fleet-digest.service.ts';

/** The weekly digest's switch (decision 038): every member reads it, only an administrador changes it. */
export function fleetDigestRoutes(
  app: FastifyInstance,
  deps: { digest: FleetDigestService; access: OrgHandlers },
) {
  app.get(FLEET_DIGEST_SETTINGS_PATH, { preHandler: deps.access.read }, async (req) =>
    deps.digest.settings(orgCompany(req).id),
  );
  app.put(FLEET_DIGEST_SETTINGS_PATH, { preHandler: deps.access.admin }, async (req) =>
    deps.digest.setSettings(orgCompany(req).id, parse(fleetDigestSettingsSchema.strict(), req.body)),
  );
}
