import { Outlet } from 'react-router';
import { FleetSidebar } from '../components/FleetSidebar.tsx';
import { NoAccess } from '../components/NoAccess.tsx';
import { useFleetAccessLost } from '../fleet-access.ts';
import '../fleet.css';

/** The layout's reads, started by the router with this chunk (app/router.tsx, decision 054). */
export { prefetchFleetLayout } from '../api/fleet-prefetch.ts';

/**
 * /flota/*: the company area (SPPF §2 'Fleet area'), a sidebar beside the current screen. A member the company
 * removed sees why instead of empty screens (issue 37).
 */
export function FleetLayout() {
  if (useFleetAccessLost()) return <NoAccess />;
  return (
    <div className="fleet">
      <FleetSidebar />
      <main className="fleet__main">
        <Outlet />
      </main>
    </div>
  );
}
