import type { ReactNode } from 'react';

/** The frame of the console's signed-out screens: brand, title and a centred card. */
export function AuthFrame({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="op-auth">
      <section className="op-auth__card" aria-labelledby="op-auth-title">
        <p className="op-brand">
          TOGO <span>Consola de operación</span>
        </p>
        <h1 id="op-auth-title" className="op-auth__title">
          {title}
        </h1>
        {lead ? <p className="op-auth__lead">{lead}</p> : null}
        {children}
      </section>
    </main>
  );
}

/** A form's message from the server, announced to screen readers. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="op-alert op-alert--error" role="alert">
      {message}
    </p>
  );
}
