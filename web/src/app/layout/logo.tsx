import { Link } from "react-router";

export function Logo() {
  return (
    <Link to="/" className="logo" aria-label="Folio, home">
      <svg
        className="logo__mark"
        width="30"
        height="30"
        viewBox="0 0 32 32"
        aria-hidden="true"
        focusable="false"
      >
        <rect x="1" y="1" width="30" height="30" rx="7" fill="currentColor" opacity="0.16" />
        <path
          d="M6 9.5c3.5-1.6 6.8-1.5 10 .8 3.2-2.3 6.5-2.4 10-.8v13.8c-3.5-1.6-6.8-1.5-10 .8-3.2-2.3-6.5-2.4-10-.8z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path d="M16 10.3v14" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span className="logo__text">Folio</span>
    </Link>
  );
}
