import { useNavigate } from 'react-router';

export interface BackButtonProps {
  /** Destination; without it the button goes back in history. */
  to?: string;
  label?: string;
}

export function BackButton({ to, label = 'Volver' }: BackButtonProps) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="back-button"
      aria-label={label}
      onClick={() => {
        if (to) void navigate(to);
        else void navigate(-1);
      }}
    >
      <BackArrow />
    </button>
  );
}

/** The back button's arrow (also drawn by the page shells, which have no button yet). */
export function BackArrow() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path d="M15 5 8 12l7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}
