import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FLEET_DIGEST_PREVIEW_PATH,
  FLEET_DIGEST_SETTINGS_PATH,
  fleetDigestPreviewSchema,
  fleetDigestSettingsSchema,
  type FleetDigestSettings,
} from '@togo/domain/fleet/fleet-digest.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

const digestKey = ['fleet', 'digest'] as const;

/** GET /api/togo/empresa/resumen-semanal/ → {activo}. */
export function useDigestSettingsQuery() {
  return useQuery({
    queryKey: digestKey,
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar el resumen semanal', () =>
        apiParse(fleetDigestSettingsSchema, FLEET_DIGEST_SETTINGS_PATH, { signal }),
      ),
  });
}

/** PUT /api/togo/empresa/resumen-semanal/ {activo} (administrador only). */
export function useSetDigestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FleetDigestSettings) =>
      apiParse(fleetDigestSettingsSchema, FLEET_DIGEST_SETTINGS_PATH, { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(digestKey, data),
  });
}

/** POST /api/togo/empresa/resumen-semanal/vista-previa/ → {enviado_a} (administrador only, issue 37). */
export function useDigestPreviewMutation() {
  return useMutation({
    mutationFn: () => apiParse(fleetDigestPreviewSchema, FLEET_DIGEST_PREVIEW_PATH, { method: 'POST' }),
  });
}
