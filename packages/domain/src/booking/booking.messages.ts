/** Spanish texts of the booking calls: field errors, the SPPF §8 texts the client shows, server answers. */

export const BOOKING_MSG = {
  required: 'Este campo es obligatorio.',
  tooLong: 'Demasiado largo.',
  invalidChoice: 'Opción inválida.',
  invalidDate: 'Fecha inválida, use AAAA-MM-DD.',
  invalidSlot: "Franja inválida, use 'H:00 AM' o 'H:00 PM'.",
  invalidRange: 'La fecha final debe ser igual o posterior a la inicial.',
  rangeTooLong: 'El rango de fechas no puede superar 31 días.',
  /** SPPF §5 texts, verbatim. */
  plateRequired: 'La placa es obligatoria.',
  plateFormat: 'Formato de placa inválido.',
  emailRequired: 'El correo es obligatorio.',
  emailFormat: 'Formato de correo inválido.',
  nameRequired: 'El nombre es obligatorio.',
  addressRequired: 'La dirección es obligatoria.',
  phoneFormat: 'Número de celular no válido: escribe solo números (7 a 15).',
  /** SPPF §8 texts the client shows. */
  noBranches: 'Actualmente no hay sedes para este servicio, Por favor, seleccione otra ciudad.',
  noSlots: 'No hay horarios disponibles para este día, selecciona otro',
  rtmBookingError: 'Ocurrió un error, intenta nuevamente',
  tramitesBookingError: 'Ocurrió un error, intenta nuevamente',
  paymentLoadError: 'Error al cargar el enlace de pago.',
  paymentLinkMissing: 'Error: no se pudo obtener el link de pago.',
  /** Server answers. */
  slotTaken: 'El horario seleccionado ya no está disponible, selecciona otro.',
  slotUnavailable: 'El horario seleccionado no está disponible para esta sede y fecha.',
  branchNotFound: 'La sede seleccionada no existe o no presta este servicio.',
  vehicleNotInGarage: 'No encontramos ese vehículo en tu garaje.',
  vehicleTypeNotServed: 'Esta sede no atiende este tipo de vehículo, selecciona otra sede.',
  comboNotFound: 'El combo seleccionado no existe.',
  tramiteNotFound: 'El trámite seleccionado no existe.',
  homeServiceNotAvailable: 'El servicio a domicilio solo está disponible en Bogotá para vehículos livianos.',
  cannotCancel: 'Este agendamiento ya no se puede cancelar.',
  idempotencyMismatch: 'La clave Idempotency-Key ya se usó con otra solicitud.',
  idempotencyInProgress: 'Una solicitud con esta Idempotency-Key aún está en curso, intenta de nuevo.',
} as const;
