import { BackButton } from './BackButton.tsx';

/** Back button + page heading of an auth screen. */
export function PageHeader({ title, back }: { title: string; back?: string }) {
  return (
    <header className="page-header">
      <BackButton to={back} />
      <h1 className="page-header__title">{title}</h1>
    </header>
  );
}
