/** Shown while the vehicle has no displayable picture. */
export function CarPlaceholder() {
  return (
    <svg className="pgarage__image" viewBox="0 0 320 180" role="img" aria-label="Vehículo sin imagen">
      <rect width="320" height="180" fill="var(--color-primary-soft)" />
      <path d="M0 150h320" stroke="var(--color-border)" strokeWidth="4" />
      <path
        d="M52 126v-22l26-8 30-30h86l36 30 40 8v22z"
        fill="var(--color-primary)"
        stroke="var(--color-primary-dark)"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path d="M118 74h34v24h-60zM162 74h28l28 24h-56z" fill="#cfe0ff" />
      <circle cx="100" cy="128" r="18" fill="#1b2430" />
      <circle cx="100" cy="128" r="7" fill="#d9dee8" />
      <circle cx="226" cy="128" r="18" fill="#1b2430" />
      <circle cx="226" cy="128" r="7" fill="#d9dee8" />
      <rect x="252" y="104" width="14" height="8" rx="2" fill="var(--color-accent)" />
    </svg>
  );
}
