import { formatCop } from '@togo/domain/money';

/**
 * What happens to the money of a cancelled booking, as one sentence of the driver's notice (shared by the
 * driver's own cancellation and staff's): `estadoReembolso` null means nothing was charged.
 */
export function refundSentence(b: { estadoReembolso: string | null; precio: number }): string {
  if (!b.estadoReembolso) return 'No se hizo ningún cobro, así que no hay nada que reembolsar.';
  if (b.estadoReembolso === 'realizado') {
    return `Reembolsamos ${formatCop(b.precio)} al medio de pago que usaste; puede tardar unos días hábiles en verse.`;
  }
  return `Te reembolsaremos ${formatCop(b.precio)} al medio de pago que usaste; te avisaremos cuando esté hecho.`;
}
