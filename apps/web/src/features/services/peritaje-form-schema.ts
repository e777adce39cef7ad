import { z } from 'zod';
import { BOOKING_MSG } from '@togo/domain/booking/booking.contract';

/** Peritaje form (SPPF §3, §5): the raw strings of the inputs. */
export interface PeritajeFormValues {
  placa: string;
  recibirPorCorreo: 'si' | 'no';
  correo: string;
  nombre: string;
  direccion: string;
}

/** What the booking sends: trimmed, the plate upper-cased, an empty email as null. */
export interface PeritajeFormData {
  placa: string;
  recibirPorCorreo: boolean;
  correo: string | null;
  nombre: string;
  direccion: string | null;
}

const EMAIL = z.email();

/**
 * SPPF §5: plate required, 6–7 letters or digits; email required only when receiving by email, and valid
 * when given; name required; address required for home service. Everything is trimmed.
 */
export function peritajeFormSchema(home: boolean) {
  return z
    .object({
      placa: z.string(),
      recibirPorCorreo: z.enum(['si', 'no']),
      correo: z.string(),
      nombre: z.string(),
      direccion: z.string(),
    })
    .superRefine((v, ctx) => {
      const placa = v.placa.trim();
      if (!placa) ctx.addIssue({ code: 'custom', path: ['placa'], message: BOOKING_MSG.plateRequired });
      else if (!/^[A-Za-z0-9]{6,7}$/.test(placa)) {
        ctx.addIssue({ code: 'custom', path: ['placa'], message: BOOKING_MSG.plateFormat });
      }
      const correo = v.correo.trim();
      if (v.recibirPorCorreo === 'si' && !correo) {
        ctx.addIssue({ code: 'custom', path: ['correo'], message: BOOKING_MSG.emailRequired });
      } else if (correo && !EMAIL.safeParse(correo).success) {
        ctx.addIssue({ code: 'custom', path: ['correo'], message: BOOKING_MSG.emailFormat });
      }
      if (!v.nombre.trim())
        ctx.addIssue({ code: 'custom', path: ['nombre'], message: BOOKING_MSG.nameRequired });
      if (home && !v.direccion.trim()) {
        ctx.addIssue({ code: 'custom', path: ['direccion'], message: BOOKING_MSG.addressRequired });
      }
    })
    .transform((v): PeritajeFormData => ({
      placa: v.placa.trim().toUpperCase(),
      recibirPorCorreo: v.recibirPorCorreo === 'si',
      correo: v.correo.trim() || null,
      nombre: v.nombre.trim(),
      direccion: home ? v.direccion.trim() : v.direccion.trim() || null,
    }));
}
