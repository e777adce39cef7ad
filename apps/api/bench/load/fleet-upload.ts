/**
 * The background work of bench:load: one company uploads a fleet file of N new vehicles to instance A while the
 * load runs, then its status is polled (from B, as another replica would answer it) until 'terminado' or
 * 'fallido'. Its vehicles' registry and fines look-ups then run as background jobs in both instances.
 */
import { FLEET_PATHS, XLSX_CONTENT_TYPE, fleetUploadStatusSchema } from '@togo/domain/fleet/fleet.contract';
import { buildFleetXlsx, goodRow } from '../../src/features/fleet/fleet.test-support.ts';
import { multipart, type TestUser } from '../../src/features/garage/garage.test-support.ts';
import type { ApiProcess } from '../../src/test/api-process.ts';

export interface UploadFigures {
  rows: number;
  /** 'terminado', 'fallido', 'refused <status>' or 'not finished'. */
  outcome: string;
  /** From the POST to the last status, when it finished. */
  seconds: number | null;
  vehicles_added: number | null;
}

/** The workbook, built before the load starts (building it is the bench's work, not the server's). */
export async function fleetFile(rows: number): Promise<Buffer> {
  return buildFleetXlsx(Array.from({ length: rows }, (_, i) => goodRow(i)));
}

/** Uploads to `to`, polls from `poll` until the upload ends or `stopped()` says the load is over. */
export async function uploadInBackground(
  bytes: Buffer,
  rows: number,
  company: TestUser,
  to: ApiProcess,
  poll: ApiProcess,
  stopped: () => boolean,
): Promise<UploadFigures> {
  const started = performance.now();
  const body = multipart(bytes, { filename: 'flota.xlsx', contentType: XLSX_CONTENT_TYPE });
  const sent = await fetch(`${to.url}${FLEET_PATHS.upload}`, {
    method: 'POST',
    headers: { ...company.headers, ...body.headers },
    body: body.payload,
  });
  const text = await sent.text();
  if (sent.status !== 202) {
    console.error(`  fleet upload → ${sent.status} ${text.slice(0, 300)}`);
    return { rows, outcome: `refused ${sent.status}`, seconds: null, vehicles_added: null };
  }
  const { id } = fleetUploadStatusSchema.parse(JSON.parse(text));
  for (;;) {
    const res = await fetch(`${poll.url}${FLEET_PATHS.uploadStatus(id)}`, { headers: company.headers });
    if (res.status === 200) {
      const status = fleetUploadStatusSchema.parse(await res.json());
      if (status.estado === 'terminado' || status.estado === 'fallido') {
        const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
        console.log(`  fleet upload of ${rows} rows: ${status.estado} after ${seconds} s`);
        return { rows, outcome: status.estado, seconds, vehicles_added: status.vehiculos_agregados };
      }
    } else await res.arrayBuffer();
    if (stopped()) return { rows, outcome: 'not finished', seconds: null, vehicles_added: null };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
