import { useState } from 'react';
import { upperFullName } from '../../../lib/formatters.ts';
import { getUserInfo } from '../../../lib/storage.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { SideMenu } from '../components/SideMenu.tsx';

/** /flota shell for company users (the fleet issue fills it). */
export function FlotaRoute() {
  usePageTitle('Tu flota');
  const [user] = useState(getUserInfo);
  const name = upperFullName(
    user?.nombres ?? user?.tercero?.nombres,
    user?.apellidos ?? user?.tercero?.apellidos,
  );

  return (
    <main className="page page--wide">
      <header className="app-bar">
        <SideMenu />
        <span className="app-bar__brand">TOGO Empresas</span>
        <span className="app-bar__spacer" />
      </header>
      <section className="home">
        <h1 className="home__greeting">Tu flota</h1>
        {name ? <p className="lead">{name}</p> : null}
        <p className="lead">
          Aquí podrás cargar tu flota y seguir cada vehículo, su conductor, multas y licencia.
        </p>
      </section>
    </main>
  );
}
