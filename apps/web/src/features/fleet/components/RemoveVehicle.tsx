import { useNavigate } from 'react-router';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { errorDetail } from '../../../lib/api-client.ts';
import { useRemoveFleetVehicleMutation } from '../api/remove-vehicle.ts';

/**
 * 'Eliminar de la flota' in the vehicle detail: asks first, then takes the vehicle out of the fleet and goes
 * back to the list; a failure shows the server's message and leaves everything as it was.
 */
export function RemoveVehicle({ vehicleId, placa }: { vehicleId: number; placa: string }) {
  const dialog = useDialog();
  const navigate = useNavigate();
  const mutation = useRemoveFleetVehicleMutation(vehicleId);

  async function remove() {
    const confirmed = await dialog.show({
      variant: 'warning',
      title: `¿Eliminar ${placa} de tu flota?`,
      message:
        'Dejarás de ver sus datos, sus multas y su conductor. Podrás agregarlo de nuevo subiendo un archivo.',
      confirmText: 'Eliminar',
      cancelText: 'Cancelar',
    });
    if (!confirmed) return;
    try {
      await mutation.mutateAsync();
      await navigate('/flota', { replace: true });
    } catch (error) {
      await dialog.show({
        variant: 'error',
        message: errorDetail(error) ?? 'No pudimos eliminar el vehículo. Intenta de nuevo.',
      });
    }
  }

  return (
    <div className="fleet-remove">
      <button
        type="button"
        className="btn btn--secondary fleet-remove__button"
        disabled={mutation.isPending}
        onClick={() => void remove()}
      >
        {mutation.isPending ? 'Eliminando...' : 'Eliminar de la flota'}
      </button>
    </div>
  );
}
