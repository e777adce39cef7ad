import { useParams } from 'react-router';
// The same form as /app/garaje-personal/nuevo-vehiculo; this route only picks its back target and whether
// this is the first sign-in (it lives with the form, so features/user-type does not import features/garage).
import { GarageCreatePage } from './NewVehicle.tsx';

const BACK_BY_FROM: Record<string, string> = { app: '/app/home', otros: '/app/otros' };

/**
 * /user-type/garaje[/:from]: 'Crea tu garaje'. Without `from` it is the end of the first sign-in (the
 * Persona choice leads here), so finishing shows 'Recuerda' and the install tutorial.
 */
export function GarajeRoute() {
  const { from } = useParams();
  return <GarageCreatePage back={(from && BACK_BY_FROM[from]) || '/user-type'} firstLogin={!from} />;
}
