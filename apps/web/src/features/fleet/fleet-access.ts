import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FLEET_MSG } from '@togo/domain/fleet/fleet.constants';
import { errorDetail, isApiError } from '../../lib/api-client.ts';

/** The heading a removed member sees instead of empty fleet screens (issue 37). */
export const NO_ACCESS_TITLE = 'Ya no tienes acceso a esta flota';

/**
 * The API's answer when the caller is no longer a member of any organisation (http/org-access.ts: 403 with
 * ORGANISATION_MSG.notMember): a removed member whose device still stores the membership. A role's 403 (consulta
 * writing, a non-administrador managing members) says something else and is not this.
 */
export function isNoAccess(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && errorDetail(error) === FLEET_MSG.companyOnly;
}

function cacheSaysNoAccess(client: QueryClient): boolean {
  return (
    client
      .getQueryCache()
      .getAll()
      .some((query) => isNoAccess(query.state.error) || isNoAccess(query.state.fetchFailureReason)) ||
    client
      .getMutationCache()
      .getAll()
      .some((mutation) => isNoAccess(mutation.state.error))
  );
}

/**
 * True once any fleet read or write was refused because the caller is no longer a member (decision 106): the
 * screens' own reads tell it, at their first failed attempt (before the retry), with no read of its own.
 */
export function useFleetAccessLost(): boolean {
  const client = useQueryClient();
  const [lost, setLost] = useState(() => cacheSaysNoAccess(client));
  useEffect(() => {
    const check = () => {
      if (cacheSaysNoAccess(client)) setLost(true);
    };
    const stopQueries = client.getQueryCache().subscribe(check);
    const stopMutations = client.getMutationCache().subscribe(check);
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [client]);
  return lost;
}
