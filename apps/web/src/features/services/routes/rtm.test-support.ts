import type { Branch } from '@togo/domain/booking/booking.contract';
import { json } from '../../../test/fetch-mock.ts';

/** Fixtures of the booking calls, shaped as @togo/domain/booking/booking.contract answers them. */

export const VEHICLE = { id: 7, placa: 'ABC123', vehicle_data: { vehicle_brand: 'MAZDA' } };

export const BRANCH: Branch = {
  id: 'sede-norte',
  nombre: 'CDA Norte',
  text: 'CDA Norte Bogotá',
  direccion: 'Calle 170 # 45-10',
  imagen: '/static/sedes/norte.svg',
  lat: 4.75,
  lng: -74.05,
  ciudad_sb: 'Bogotá D.C.',
  ciudad_codigo: '11001',
  telefono: '601 555 0101',
  maps: 'https://maps.google.com/?q=4.75,-74.05',
  horario: { lunes_viernes: { apertura: '07:00', cierre: '19:00' }, sabado: null },
  capacidad: 3,
  a_domicilio: false,
};

export const citiesAnswer = (options: { text: string; value: string }[]) =>
  json(200, {
    fulfillmentResponse: {
      messages: [
        { text: { text: ['Elige tu ciudad'] } },
        { payload: { richContent: [[{ type: 'chips', options }]] } },
      ],
    },
  });

export const detailAnswer = (price: number, extra: Record<string, unknown> = {}) => {
  const parameters = {
    placa: 'ABC123',
    tipo_vehiculo: 'AUTOMOVIL',
    price,
    sede: BRANCH.id,
    nombre_sede: BRANCH.nombre,
    direccion: BRANCH.direccion,
    telefono: BRANCH.telefono,
    maps: BRANCH.maps,
    ciudad: 'Bogotá D.C.',
    ...extra,
  };
  return json(200, { sessionInfo: { parameters }, session_info: { parameters } });
};

export const slotsAnswer = (date: string, ids: string[]) =>
  json(200, [
    {
      fecha: date,
      slots: ids.map((id) => ({ id, hora: id, bloque: / AM$|^12:/.test(id) ? 'AM' : 'PM', disponibles: 1 })),
    },
  ]);

export const bookingAnswer = (linkPago: string | null) => {
  const parameters = {
    linkPago,
    id_agendamiento: '0b8f7b7e-0000-4000-8000-000000000001',
    referencia: 'TOGO-0001',
    estado: linkPago ? 'pendiente_pago' : 'confirmada',
    fecha_agenda: '2026-11-24',
    franja: '9:00 AM',
    price: 250000,
    expira_en: null,
  };
  return json(200, { sessionInfo: { parameters }, session_info: { parameters } });
};

/** A stand-in for the window that window.open returns. */
export function fakeWindow() {
  const message = { textContent: 'Cargando el enlace de pago...', parentElement: { setAttribute: () => {} } };
  return {
    closed: false,
    close() {
      this.closed = true;
    },
    location: { href: '' },
    document: {
      open: () => {},
      write: () => {},
      close: () => {},
      getElementById: () => message,
      querySelector: () => null,
    },
    message,
  };
}

/**
 * The days of the strip that can be chosen: Sundays and holidays are disabled (issue 36), and these tests run
 * on the real date, so the first day of the strip may be closed.
 */
export function openDays(buttons: HTMLElement[]): HTMLElement[] {
  return buttons.filter((button) => !(button as HTMLButtonElement).disabled);
}
