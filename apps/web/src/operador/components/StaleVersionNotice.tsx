import { OPERATOR_MSG } from '@togo/domain/operator/operator-auth.contract';

/**
 * Shown when a save was refused because someone else saved first (409, decision 096): the Spanish explanation and
 * a button that loads the current version (the edits of this tab are dropped; the other person's are kept).
 */
export function StaleVersionNotice({ onReload }: { onReload: () => void }) {
  return (
    <div role="alert" className="stale-notice" data-testid="stale-version">
      <p>{OPERATOR_MSG.staleVersion}</p>
      <button type="button" className="btn btn--secondary" onClick={onReload}>
        Recargar la versión actual
      </button>
    </div>
  );
}
