/**
 * The fleet area's constants (SPPF §5, §7, §9): paths, limits, Spanish messages and the template's columns.
 * No zod here: this module is also loaded by the fleet parser's worker thread. Re-exported by fleet.contract.ts.
 */

/** Paths (SPPF §7 writes the first three without a trailing slash; the others are this project's). */
export const FLEET_PATHS = {
  /** GET ?page=&page_size=&placa= → FleetVehicleList */
  list: '/api/togo/vehicle/traer_vehiculos_flota',
  /** POST multipart field `file` → 202 FleetUploadStatus (200 with repetido=true for a file already imported). */
  upload: '/api/togo/vehicle/create_vehicle_flota_archivo',
  /** GET → FleetUploadStatus; poll it for the processing progress bar. `:id` is the upload id. */
  uploadStatus: (id: number | string) => `/api/togo/vehicle/estado_carga_flota/${id}/`,
  /** GET → FleetUploadStatus of the company's latest upload, or 404 when it has none. */
  latestUpload: '/api/togo/vehicle/estado_carga_flota/',
  /** GET ?page=&page_size=10 → FleetErrorPage */
  errors: '/api/togo/vehicle/traer_errores_flota',
  /** GET → the step-by-step guide (.xlsx: 'Instrucciones' and 'Vehículos' sheets). */
  guide: '/api/togo/vehicle/guia_flota',
  /** GET → the company's error rows as .xlsx: the template columns plus 'Errores' (fix and re-upload). */
  errorsDownload: '/api/togo/vehicle/descargar_errores_flota',
  /** GET → FleetVehicleDetail. `:id` is the fleet vehicle id. */
  detail: (id: number | string) => `/api/togo/vehicle/${id}/detalle_flota/`,
  /** PUT FleetDriverAssign → FleetVehicleDetail. */
  driver: (id: number | string) => `/api/togo/vehicle/${id}/conductor_flota/`,
  /**
   * PUT multipart field `foto` (JPEG/PNG, ≤ 5 MB) → FleetVehicleDetail; DELETE → FleetVehicleDetail without the
   * photo. The photo belongs to the vehicle's current driver as a person (the company's document type and number),
   * so the same driver shows it on every vehicle.
   */
  driverPhoto: (id: number | string) => `/api/togo/vehicle/${id}/conductor_flota/foto/`,
  /**
   * DELETE → { detail }: takes the vehicle out of the fleet (soft delete: its history stays; the plate can be
   * uploaded again later).
   */
  remove: (id: number | string) => `/api/togo/vehicle/${id}/eliminar_flota/`,
} as const;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** SPPF §9: fleet errors page size 10; the fines card shows 3 first. */
export const FLEET_ERRORS_PAGE_SIZE = 10;
export const FLEET_FINES_SHOWN = 3;
export const FLEET_LIST_PAGE_SIZE = 50;
export const FLEET_LIST_MAX_PAGE_SIZE = 500;
export const FLEET_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const FLEET_UPLOAD_MAX_ROWS = 50_000;
/** The driver photo's multipart field, largest upload (413 beyond) and longest stored side (as the profile picture). */
export const FLEET_DRIVER_PHOTO_FIELD = 'foto';
export const FLEET_DRIVER_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const FLEET_DRIVER_PHOTO_MAX_SIDE = 512;

export const FLEET_MSG = {
  removed: 'Vehículo eliminado de tu flota.',
  /** SPPF §5, verbatim. */
  invalidFile: 'Por favor, selecciona un archivo .xlsx válido.',
  /** SPPF §5, verbatim. */
  noFile: 'No hay ningún archivo seleccionado.',
  tooLarge: 'El archivo no puede superar 10 MB.',
  tooManyRows: 'El archivo tiene más de 50.000 filas. Divídelo en varios archivos e inténtalo de nuevo.',
  emptyFile: 'El archivo no tiene filas de vehículos. Usa la plantilla de la guía.',
  unsafeFile: 'El archivo está dañado o no es seguro. Guárdalo de nuevo desde Excel e inténtalo otra vez.',
  missingHeaders:
    'El archivo no tiene las columnas de la plantilla. Descarga la guía y usa la hoja «Vehículos».',
  companyOnly: 'Esta sección es solo para empresas.',
  uploadFailed: 'No fue posible procesar el archivo. Intenta de nuevo.',
  /** The stored upload could not be found when its import ran (shown in 'Estado de carga'). */
  fileMissing: 'No encontramos el archivo de esta carga para procesarlo. Súbelo de nuevo.',
  pageInvalid: 'Página inválida.',
  photoRequired: 'Debes adjuntar una imagen.',
  photoType: 'La foto debe ser una imagen JPG o PNG.',
  photoTooLarge: 'La foto no puede superar 5 MB.',
  photoDamaged: 'La foto está dañada o no se puede leer.',
  photoEmpty: 'El archivo está vacío.',
} as const;

// ——— The template sheet

/** Columns of the 'Vehículos' template sheet, in order (headers as written in the guide). */
export const FLEET_TEMPLATE_COLUMNS = [
  { key: 'placa', header: 'Placa', required: true },
  { key: 'kilometraje', header: 'Kilometraje', required: true },
  { key: 'tipo_documento_propietario', header: 'Tipo documento propietario', required: true },
  { key: 'documento_propietario', header: 'Documento propietario', required: true },
  { key: 'departamento', header: 'Departamento', required: true },
  { key: 'ciudad', header: 'Ciudad', required: true },
  { key: 'nombre_conductor', header: 'Nombre conductor', required: false },
  { key: 'tipo_documento_conductor', header: 'Tipo documento conductor', required: false },
  { key: 'documento_conductor', header: 'Documento conductor', required: false },
  { key: 'telefono_conductor', header: 'Teléfono conductor', required: false },
  { key: 'ciudad_conductor', header: 'Ciudad conductor', required: false },
  // Optional expiry dates (issue 37), dd/mm/aaaa or a date cell: the fleet's alerts use them until the registry
  // answers a later one.
  { key: 'vence_soat', header: 'Vencimiento SOAT', required: false },
  { key: 'vence_rtm', header: 'Vencimiento revisión técnico-mecánica', required: false },
  { key: 'vence_licencia', header: 'Vencimiento licencia de conducción', required: false },
  // The dates only the user knows (no registry answers them), read the same way.
  { key: 'vence_poliza', header: 'Vencimiento póliza todo riesgo', required: false },
  { key: 'vence_impuesto', header: 'Vencimiento impuesto vehicular', required: false },
  // The kit's date is the last extinguisher recharge (its due date is a year later: DUE_DATE_OFFSET_MONTHS).
  { key: 'recarga_extintor', header: 'Última recarga del extintor', required: false },
] as const;
export type FleetTemplateKey = (typeof FLEET_TEMPLATE_COLUMNS)[number]['key'];
export const FLEET_TEMPLATE_SHEET = 'Vehículos';
export const FLEET_INSTRUCTIONS_SHEET = 'Instrucciones';
/**
 * Header of the extra column of the errors download (a file uploaded again with it does not list it as ignored).
 */
export const FLEET_ERRORS_COLUMN = 'Errores';
