import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COMPANY_DATA_PATH,
  companyDataSchema,
  type CompanyDataInput,
} from '@togo/domain/organisation/company-data.contract';
import { apiParse } from '../../../lib/api-client.ts';
import { logFailure } from '../../../lib/log-failure.ts';

const companyDataKey = ['fleet', 'company-data'] as const;

/** GET /api/togo/empresa/datos/ → {razon_social, nit, nombre, editable} (issue 37). */
export function useCompanyDataQuery() {
  return useQuery({
    queryKey: companyDataKey,
    queryFn: ({ signal }) =>
      logFailure('No se pudo consultar los datos de la empresa', () =>
        apiParse(companyDataSchema, COMPANY_DATA_PATH, { signal }),
      ),
  });
}

/** PUT /api/togo/empresa/datos/ {razon_social, nit} (administrador only); the answer replaces the cached data. */
export function useSetCompanyDataMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyDataInput) =>
      apiParse(companyDataSchema, COMPANY_DATA_PATH, { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(companyDataKey, data),
  });
}
