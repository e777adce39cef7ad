import { useQuery } from '@tanstack/react-query';
import { FLEET_PATHS, fleetUploadStatusSchema } from '@togo/domain/fleet/fleet.contract';
import type { FleetUploadStatus } from '@togo/domain/fleet/fleet.contract';
import { apiParse, isApiError } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

/** How often the processing progress is asked while the job runs. */
export const UPLOAD_POLL_MS = 700;

export const uploadStatusKey = (id: number) => ['fleet', 'upload', id] as const;

export const isUploadFinished = (status: Pick<FleetUploadStatus, 'estado'> | undefined) =>
  status?.estado === 'terminado' || status?.estado === 'fallido';

/** GET /api/togo/vehicle/estado_carga_flota/{id}/ → rows done / total of a background import. */
export function fetchUploadStatus(id: number, signal?: AbortSignal) {
  return apiParse(fleetUploadStatusSchema, FLEET_PATHS.uploadStatus(id), { signal });
}

/** Polls an upload until it ends ('terminado' or 'fallido'); starts from the answer of the upload itself. */
export function useUploadStatusQuery(initial: FleetUploadStatus | null) {
  const id = initial?.id ?? 0;
  return useQuery({
    queryKey: uploadStatusKey(id),
    enabled: initial !== null && !isUploadFinished(initial),
    initialData: initial ?? undefined,
    initialDataUpdatedAt: 0,
    queryFn: ({ signal }) => fetchUploadStatus(id, signal),
    refetchInterval: (query) => (isUploadFinished(query.state.data) ? false : UPLOAD_POLL_MS),
    retry: 3,
  });
}

/** GET /api/togo/vehicle/estado_carga_flota/ → the company's latest upload, or null when it has none (404). */
export async function fetchLatestUpload(signal?: AbortSignal): Promise<FleetUploadStatus | null> {
  try {
    return await apiParse(fleetUploadStatusSchema, FLEET_PATHS.latestUpload, { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** The latest upload, so that coming back to the screen during an import shows its progress again. */
export function useLatestUploadQuery() {
  return useQuery({
    queryKey: ['fleet', 'upload', 'latest'],
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar la última carga', () => fetchLatestUpload(signal)),
    staleTime: 0,
  });
}
