/** Paths of the booking calls (SPPF §7, trailing slash included) and of the user's bookings. */

export const BOOKING_PATHS = {
  branding: '/wh/agendamiento/obtener-branding/',
  branchesByCity: '/wh/transversal/sedes_by_ciudad/',
  cities: '/wh/agendamiento/obtener-ciudades-togo/',
  rtmBranchDetail: '/wh/agendamiento/seleccion-sede-togo/',
  peritajeBranchDetail: '/wh/peritajes/detalle-sede/',
  tramitesBranchDetail: '/wh/tramites/confirmacion-sede/',
  /** POST with the query `accion=obtener_horarios_disponibles`. */
  action: '/wh/transversal/ejecutar-accion/',
  slots: '/wh/transversal/ejecutar-accion/?accion=obtener_horarios_disponibles',
  rtmBook: '/wh/agendamiento/agenda/',
  tramitesBook: '/wh/tramites/agenda/',
  peritajeBook: '/wh/peritajes/agenda/',
  combos: '/wh/transversal/obtener-combo/',
  tramites: '/wh/tramites/obtener-tramites/',
  /** Beyond the spec: GET the user's bookings. */
  myBookings: '/api/togo/agendamientos/',
  /** Beyond the spec: DELETE one of the user's bookings (cancel). */
  myBooking: (id: string) => `/api/togo/agendamientos/${encodeURIComponent(id)}/`,
} as const;

export const SLOTS_ACTION = 'obtener_horarios_disponibles';
