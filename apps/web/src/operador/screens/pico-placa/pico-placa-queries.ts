import { queryOptions } from '@tanstack/react-query';
import { reportList, reviewList } from './pico-placa-api.ts';

/** "Por revisar": the rules about to go blind, most drivers' vehicles first (ReviewList). */
export const reviewQuery = queryOptions({
  queryKey: ['operador', 'pico-placa', 'por-revisar'],
  queryFn: ({ signal }) => reviewList(signal),
});

/** The drivers' reports of a wrong answer (ReportList). */
export const reportsQuery = queryOptions({
  queryKey: ['operador', 'pico-placa', 'reportes'],
  queryFn: ({ signal }) => reportList(signal),
});
