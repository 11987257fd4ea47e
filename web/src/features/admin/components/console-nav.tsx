import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";

interface ConsoleLink {
  to: string;
  label: string;
  /** Only administrators see it. */
  adminOnly?: boolean;
}

const LINKS: readonly ConsoleLink[] = [
  { to: "/admin", label: "Overview" },
  { to: "/admin/books", label: "Catalogue" },
  { to: "/admin/categories", label: "Categories" },
  { to: "/admin/readers", label: "Readers" },
  { to: "/admin/loans", label: "Loans" },
  { to: "/admin/holds", label: "Holds" },
  { to: "/admin/mail", label: "Mail" },
  { to: "/admin/reviews", label: "Reviews" },
  { to: "/admin/audit", label: "Audit log", adminOnly: true },
];

function linkClass({ isActive }: { isActive: boolean }) {
  return isActive ? "console-nav__link console-nav__link--active" : "console-nav__link";
}

/**
 * The console's screens: a side list on a wide screen, a row that scrolls sideways on a phone.
 * Plain links, so Tab walks them and the current one says so (aria-current).
 */
export function ConsoleNav({ isAdmin }: { isAdmin: boolean }) {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the links are a row wider than the screen: keep the current one in view.
  useEffect(() => {
    nav.current
      ?.querySelector(".console-nav__link--active")
      ?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [pathname]);
  return (
    <nav className="console-nav" aria-label="Staff console" ref={nav}>
      <p className="console-nav__title" aria-hidden="true">
        Staff console
      </p>
      <ul className="console-nav__list">
        {LINKS.filter((link) => isAdmin || !link.adminOnly).map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.to === "/admin"} className={linkClass}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
