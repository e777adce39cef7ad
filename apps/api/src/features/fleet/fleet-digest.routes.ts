import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FLEET_DIGEST_PREVIEW_PATH,
  FLEET_DIGEST_SETTINGS_PATH,
  fleetDigestPreviewSchema,
  fleetDigestSettingsSchema,
} from '@togo/domain/fleet/fleet-digest.contract';
import { orgCompany, requireOrg, type OrgHandlers } from '../../http/org-access.ts';
import type { FleetDigestService } from './fleet-digest.service.ts';

/** The weekly digest's switch (decision 038): every member reads it, only an administrador changes it. */
export function fleetDigestRoutes(
  app: FastifyInstance,
  deps: { digest: FleetDigestService; access: OrgHandlers },
) {
  app.get(
    FLEET_DIGEST_SETTINGS_PATH,
    { schema: { summary: 'Empresa: resumen semanal por correo (estado)' }, preHandler: deps.access.read },
    async (req) => deps.digest.settings(orgCompany(req).id),
  );
  // Membership (administrador) is checked before the body is validated (401/403 before 400).
  app.withTypeProvider<ZodTypeProvider>().put(
    FLEET_DIGEST_SETTINGS_PATH,
    {
      preValidation: deps.access.admin,
      schema: {
        summary: 'Empresa: activar o desactivar el resumen semanal',
        body: fleetDigestSettingsSchema.strict(),
      },
    },
    async (req) => deps.digest.setSettings(orgCompany(req).id, req.body),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    FLEET_DIGEST_PREVIEW_PATH,
    {
      preHandler: deps.access.admin,
      schema: {
        summary: 'Empresa: enviarme ahora una vista previa del resumen semanal',
        response: { 200: fleetDigestPreviewSchema },
      },
    },
    async (req) => deps.digest.sendPreview(orgCompany(req).id, requireOrg(req).userId),
  );
}
