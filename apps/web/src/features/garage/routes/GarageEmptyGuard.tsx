import { Outlet, useNavigate } from 'react-router';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { PRODUCT_NAME } from '../../../lib/use-page-title.ts';
import { isGarageEmpty } from '../../../lib/garage-empty.ts';

export const GARAGE_EMPTY_TITLE = `¡No olvides configurar tu garaje en ${PRODUCT_NAME}!`;
export const NEW_VEHICLE_PATH = '/app/garaje-personal/nuevo-vehiculo';

/**
 * Garage-empty guard (AHGA §4), a pathless layout route: while the local 'empty' flag is set it blocks its
 * child routes and asks to configure the garage — 'Configurar Garaje' opens the form, closing goes home.
 * Usage in app/router.tsx: { lazy: …GarageEmptyGuard, children: [ …routes that need a vehicle ] }.
 */
export function GarageEmptyGuard() {
  const navigate = useNavigate();
  if (!isGarageEmpty()) return <Outlet />;
  return (
    <main className="page page--app">
      <Dialog
        open
        variant="warning"
        title={GARAGE_EMPTY_TITLE}
        confirmText="Configurar Garaje"
        cancelText="Cerrar"
        onConfirm={() => void navigate(NEW_VEHICLE_PATH, { replace: true })}
        onCancel={() => void navigate('/app/home', { replace: true })}
      >
        <p>Agrega tu vehículo para ver tus alertas y agendar servicios.</p>
      </Dialog>
    </main>
  );
}
