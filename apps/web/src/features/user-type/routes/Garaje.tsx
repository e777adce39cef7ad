import { useParams } from 'react-router';
// The form lives in features/garage (also at /app/garaje-personal/nuevo-vehiculo); this route only picks
// its back target and whether this is the first sign-in.
import { GarageCreatePage } from '../../garage/routes/NewVehicle.tsx';

const BACK_BY_FROM: Record<string, string> = { app: '/app/home', otros: '/app/otros' };

/**
 * /user-type/garaje[/:from]: 'Crea tu garaje'. Without `from` it is the end of the first sign-in (the
 * Persona choice leads here), so finishing shows 'Recuerda' and the install tutorial.
 */
export function GarajeRoute() {
  const { from } = useParams();
  return <GarageCreatePage back={(from && BACK_BY_FROM[from]) || '/user-type'} firstLogin={!from} />;
}
