/** 1–5 stars filled by the score (SPPF §9 "Star rating fills by score 1 to 5"). */
export function StarRating({ filled }: { filled: number }) {
  return (
    <span className="stars" role="img" aria-label={`Puntaje ${filled} de 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" data-filled={n <= filled}>
          <path
            d="m12 2.8 2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z"
            fill={n <= filled ? 'var(--color-accent)' : 'none'}
            stroke={n <= filled ? 'var(--color-accent-dark)' : 'var(--color-border)'}
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
        </svg>
      ))}
    </span>
  );
}
