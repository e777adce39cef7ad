/** POST signup/ body of a client (spec AHGA §7) with the code sent to their email and phone. */
export function signupPayload(p: { email: string; phone: string; password: string }, code: string) {
  return {
    email: p.email,
    cliente_ids: [],
    group: 1,
    password: p.password,
    password_confirmation: p.password,
    profile_picture_base64: null,
    center: 1,
    id_user_v2: 1,
    is_mia: false,
    is_resting: false,
    operation_area: null,
    range_inspector: null,
    codigo_otp: code,
    tercero: {
      identificacion: '1763800000',
      telefono: p.phone,
      tipo_documento: 'CC',
      ubic_geo_nv1: 1,
      ubic_geo_nv2: 1,
      ubic_geo_nv3: null,
      nombres: 'María José',
      apellidos: 'Núñez Peña',
      razon_social: null as string | null,
      direccion: null,
      id_v2: null,
    },
  };
}
