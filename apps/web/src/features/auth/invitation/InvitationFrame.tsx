import type { ReactNode } from 'react';

/** A frame of its own: a main landmark, the heading, the text and what to do next. */
export function InvitationFrame({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <main className="page page--auth">
      <section className="auth-card" aria-labelledby="invitation-title">
        <h1 id="invitation-title" className="page-header__title">
          {title}
        </h1>
        {lead ? <p className="lead">{lead}</p> : null}
        {children}
      </section>
    </main>
  );
}
