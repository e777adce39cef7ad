import type { ServerResponse } from 'node:http';
import { sendJson, startLocalServer, type LocalServer } from '../../test/local-server.ts';

/**
 * A local fake of Verifik (127.0.0.1, started by the test) that speaks the documented protocol: Bearer token,
 * query parameters, the documented 200 shapes and the documented error bodies. Answers are the documentation's
 * own examples (docs.verifik.co, decision 070) unless a test scripts another one for a plate or a document.
 */

/** RUNT - Vehicle records by plate number: the page's 200 example (a new vehicle: "NO APLICA" inspection). */
export function runtPlateExample(plate = 'ABC123') {
  return {
    data: {
      informacionGeneral: {
        noLicenciaTransito: '10021312347',
        estadoDelVehiculo: 'ACTIVO',
        tipoServicio: 'Particular',
        claseVehiculo: 'CAMIONETA',
        marca: 'MAZDA',
        linea: 'CX-30',
        modelo: '2021',
        color: 'MACHINE GRAY',
        noMotor: 'PY402912330',
        noChasis: '3MVDM2WLAML234946',
        noVin: '3MVDM2WLAML234946',
        cilidraje: '2488',
        tipoCarroceria: 'WAGON',
        fechaMatricula: '17/10/2020',
        tieneGravamenes: 'NO',
        organismoTransito: 'SECRETARIA DISTRITAL DE MOVILIDAD DE BOGOTA',
        prendas: 'NO',
        clasificacion: 'AUTOMOVIL',
        tipoCombustible: 'GASOLINA',
        noPlaca: plate,
        puertas: '5',
      },
      datosTecnicos: { pesoBrutoVehicular: '1939', noEjes: '2', pasajerosSentados: '5' },
      soat: [
        {
          noPoliza: '355100023467200',
          fechaExpedicion: '03/10/2023',
          fechaVigencia: '17/10/2023',
          fechaVencimiento: '16/10/2024',
          entidadExpideSoat: 'SEGUROS COMERCIALES BOLIVAR S.A',
          estado: 'VIGENTE',
          tipoTarifa: '221',
        },
      ],
      polizasResponsabilidadCivil: [],
      tecnoMecanica: [{ vigente: 'NO APLICA' }],
      solicitudes: [
        {
          noSolicitud: '124539870',
          fechaSolicitud: '17/10/2020',
          estado: 'AUTORIZADA',
          tramitesRealizados: 'Tramite matricula inicial',
          entidad: 'SECRETARIA DISTRITAL DE MOVILIDAD DE BOGOTA',
        },
      ],
    },
    signature: { message: 'Certified by Verifik.co', dateTime: 'March 14, 2024 2:23 PM' },
    id: 'DWTV2',
  };
}

/**
 * A vehicle with its SOAT and inspection history, in the rows the VIN page documents ("the same comprehensive
 * information as the plate-based service"): `cilindraje` spelling, several policies and certificates.
 */
export function runtHistoryExample(plate = 'NET603') {
  const soat = (no: string, issued: string, from: string, to: string, insurer: string, estado: string) => ({
    origen: 'NACIONAL',
    tipoTarifa: '622',
    noPoliza: no,
    fechaExpedicion: issued,
    fechaExpediSoat: issued,
    fechaVigencia: from,
    fechaVencimiento: to,
    entidadExpideSoat: insurer,
    estado,
    estadoSoat: 'EMITIDA',
    placa: null,
    nombrePais: null,
  });
  const rtm = (issued: string, to: string, cda: string, vigente: string, nro: string) => ({
    fechaExpedicion: issued,
    fechaVencimiento: to,
    cdaExpide: cda,
    estado: 'APROBADA',
    tipoRevision: 'REVISION TECNICO-MECANICO',
    vigente,
    nroCertificado: nro,
    numeroPlaca: plate,
    informacionConsistente: 'SI',
    url: null,
  });
  return {
    data: {
      informacionGeneral: {
        cilindraje: '2982',
        claseVehiculo: 'CAMPERO',
        color: 'PLATA METALICO',
        estadoDelVehiculo: 'ACTIVO',
        fechaMatricula: '07/03/2013',
        linea: 'PRADO',
        marca: 'TOYOTA',
        modelo: '2013',
        noPlaca: plate,
        organismoTransito: 'SECRETARIA DISTRITAL DE MOVILIDAD DE BOGOTA ',
        tipoCarroceria: 'WAGON',
        tipoCombustible: 'DIESEL',
        tipoServicio: 'Particular',
      },
      soat: [
        soat(
          '86857648',
          '12/11/2023',
          '13/11/2023',
          '12/11/2024',
          'COMPAÑIA MUNDIAL DE SEGUROS S A',
          'NO VIGENTE',
        ),
        soat(
          '890112959420100',
          '14/11/2024',
          '15/11/2024',
          '14/11/2025',
          'SEGUROS COMERCIALES BOLIVAR S.A',
          'VIGENTE',
        ),
        soat(
          '30473991',
          '31/10/2022',
          '01/11/2022',
          '31/10/2023',
          'SEGUROS GENERALES SURAMERICANA S.A.',
          'NO VIGENTE',
        ),
      ],
      tecnoMecanica: [
        rtm('27/09/2024', '27/09/2025', 'TECMOCAR SAN JUAN', 'NO', '176162807'),
        rtm('30/09/2025', '30/09/2026', 'TECMOCAR SAN JUAN', 'SI', '184285672'),
        rtm('13/09/2021', '13/09/2022', 'CDA CENTRO VALLE', 'NO', '155014587'),
      ],
      vin: 'JTEBH9FJ7DK091425',
    },
    signature: { dateTime: 'October 10, 2025 8:12 PM', message: 'Certified by Verifik.co' },
    id: 'BJ24Z',
  };
}

export interface SimitMultaOverrides {
  numeroComparendo?: string;
  estadoComparendo?: string;
  placa?: string | null;
  valorPagar?: number;
  fechaComparendo?: string;
  fechaResolucion?: string | null;
}

/** One entry of `multas` as the SIMIT consultation page documents it. */
export function simitMulta(o: SimitMultaOverrides = {}) {
  return {
    infractor: {
      tipoDocumento: 'Cédula',
      numeroDocumento: '123456789',
      nombre: 'C**',
      apellido: 'B**',
      idTipoDocumento: 1,
    },
    valor: 344730,
    placa: o.placa === undefined ? 'RDL805' : o.placa,
    infracciones: [
      {
        codigoInfraccion: 'C35',
        descripcionInfraccion:
          'No realizar la revisión técnico-mecánica en el plazo legal establecido o cuando el vehiculo no se encuentre en adecuadas condiciones técnico-mecánicas o de emisión de gases, aun cuando porte los certificados correspondientes.',
        valorInfraccion: 344730,
      },
    ],
    valorPagar: o.valorPagar ?? 344730,
    departamento: 'Cundinamarca',
    organismoTransito: 'Ricaurte',
    fechaComparendo: o.fechaComparendo ?? '23/02/2016 00:00:00',
    fechaResolucion: o.fechaResolucion === undefined ? '12/12/2022' : o.fechaResolucion,
    numeroComparendo: o.numeroComparendo ?? '25612001000012662173',
    estadoComparendo: o.estadoComparendo ?? 'Pendiente',
  };
}

/** The `data` of the SIMIT consultation page's 200 example. */
export function simitData(multas: unknown[] = [simitMulta()]) {
  return {
    multas,
    cursos: [
      {
        numeroMulta: '00001234',
        fechaCurso: '21/12/2011',
        numeroCurso: '60462',
        ciudadRealizacion: 'Medellin',
        centroInstruccion: 'CIA AL INFRACTOR DE TRANSITO',
        estado: 'No aplicado',
        certificado: '60462',
      },
    ],
    acuerdosPago: [
      {
        resolucion: '324',
        fechaResolucion: '16/02/2018',
        estado: 'Acuerdo de pago',
        valorAcuerdo: 837716,
        pendiente: 837716,
        totalPagar: 837716,
        secretaria: 'Jamundi',
        departamento: 'Valle del Cauca',
      },
    ],
    totalMultasPagar: 31,
    cantMultasPagar: 0,
    totalAcuerdosPagar: 11,
    cantAcuerdosPagar: 0,
  };
}

/** SIMIT - General query by identification document: the page's 200 example (double `value` wrapper). */
export function simitExample(multas: unknown[] = [simitMulta()], wrapped = true) {
  const data = simitData(multas);
  const signature = { message: 'Certified by Verifik.co', dateTime: 'August 31, 2022 4:16 PM' };
  return wrapped ? { value: { value: { data, signature } } } : { data, signature };
}

/** The documented error bodies. */
export const VERIFIK_ERRORS = {
  notFound: { code: 'NotFound', message: 'Record not found.' },
  unauthorized: {
    code: 'Unauthorized',
    message: 'Invalid or expired token.',
    signature: { dateTime: 'August 31, 2022 3:24 PM', message: 'Certified by Verifik.co' },
  },
  serverError: { code: 'InternalServerError', message: 'Server error.' },
  missing: (message: string) => ({ code: 'MissingParameter', message }),
};

export type FakeAnswer =
  { status: number; body?: unknown; raw?: string; headers?: Record<string, string> } | 'hold';

export interface VerifikFake {
  url: string;
  requests: LocalServer['requests'];
  /** Scripted answers by plate (RUNT) or document number (SIMIT); unscripted ones get the documented example. */
  runt: Map<string, FakeAnswer>;
  simit: Map<string, FakeAnswer>;
  close(): Promise<void>;
}

const RUNT_TYPES = ['CC', 'CE', 'PA', 'NIT'];
const SIMIT_TYPES = ['CC', 'PA', 'CE', 'TI', 'RC', 'NIT'];

function missing(params: URLSearchParams, names: string[]): string | null {
  const absent = names.filter((n) => !params.get(n));
  return absent.length > 0 ? absent.map((n) => `missing ${n}`).join('. ') : null;
}

function send(res: ServerResponse, answer: Exclude<FakeAnswer, 'hold'>): void {
  if (answer.raw !== undefined) {
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.raw);
    return;
  }
  if (answer.headers) for (const [k, v] of Object.entries(answer.headers)) res.setHeader(k, v);
  if (answer.body === undefined) {
    res.writeHead(answer.status);
    res.end();
    return;
  }
  sendJson(res, answer.status, answer.body);
}

export async function startVerifikFake(token: string): Promise<VerifikFake> {
  const runt = new Map<string, FakeAnswer>();
  const simit = new Map<string, FakeAnswer>();
  const held: ServerResponse[] = [];
  const server = await startLocalServer((req, _body, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method !== 'GET') return sendJson(res, 404, VERIFIK_ERRORS.notFound);
    if (req.headers.authorization !== `Bearer ${token}`)
      return sendJson(res, 401, VERIFIK_ERRORS.unauthorized);
    const p = url.searchParams;
    let answer: FakeAnswer | undefined;
    if (url.pathname === '/v2/co/runt/vehicle-by-plate') {
      const absent = missing(p, ['documentType', 'documentNumber', 'plate']);
      if (absent) return sendJson(res, 409, VERIFIK_ERRORS.missing(absent));
      if (!RUNT_TYPES.includes(p.get('documentType') ?? '')) {
        return sendJson(
          res,
          409,
          VERIFIK_ERRORS.missing(`documentType must be one of: [${RUNT_TYPES.join(', ')}]`),
        );
      }
      const plate = p.get('plate') ?? '';
      answer = runt.get(plate) ?? { status: 200, body: runtPlateExample(plate) };
    } else if (url.pathname === '/v2/co/simit/consultar') {
      const absent = missing(p, ['documentType', 'documentNumber']);
      if (absent) return sendJson(res, 409, VERIFIK_ERRORS.missing(absent));
      if (!SIMIT_TYPES.includes(p.get('documentType') ?? '')) {
        return sendJson(
          res,
          409,
          VERIFIK_ERRORS.missing(`documentType must be one of: [${SIMIT_TYPES.join(', ')}]`),
        );
      }
      answer = simit.get(p.get('documentNumber') ?? '') ?? { status: 200, body: simitExample() };
    } else {
      return sendJson(res, 404, VERIFIK_ERRORS.notFound);
    }
    if (answer === 'hold') {
      held.push(res);
      return;
    }
    send(res, answer);
  });
  return {
    url: server.url,
    requests: server.requests,
    runt,
    simit,
    close: async () => {
      for (const res of held) res.end();
      await server.close();
    },
  };
}
