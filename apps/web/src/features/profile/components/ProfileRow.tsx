import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One row of the profile's lists: a link (`to`) or a button (`onClick`), with an optional value. */
export function ProfileRow({
  label,
  value,
  onClick,
  to,
  disabled,
  danger,
}: {
  label: string;
  value?: string;
  onClick?: () => void;
  to?: string;
  disabled?: boolean;
  danger?: boolean;
}) {
  const content: ReactNode = (
    <>
      <span className="profile-row__label">{label}</span>
      {value ? <span className="profile-row__value">{value}</span> : null}
      <svg className="profile-row__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="m9 6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </>
  );
  const className = danger ? 'profile-row profile-row--danger' : 'profile-row';
  return (
    <li>
      {to ? (
        <Link to={to} className={className}>
          {content}
        </Link>
      ) : (
        <button
          type="button"
          className={className}
          onClick={onClick}
          disabled={disabled}
          aria-busy={disabled || undefined}
        >
          {content}
        </button>
      )}
    </li>
  );
}
