import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { RouteTarget } from '../route-target.ts';

/** A link to a route target: in-app navigation, or a new tab (noopener) for outside addresses. */
export function RouteLink({
  target,
  className,
  children,
}: {
  target: RouteTarget | null;
  className: string;
  children: ReactNode;
}) {
  if (!target) return <div className={className}>{children}</div>;
  if ('internal' in target) {
    return (
      <Link to={target.internal} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={target.external} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
