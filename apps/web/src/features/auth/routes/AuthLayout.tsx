import { Outlet } from 'react-router';

/** Frame of the auth screens: centred column, full height on phones. */
export function AuthLayout() {
  return (
    <main className="page page--auth">
      <Outlet />
    </main>
  );
}
