import { Link } from "react-router";

/** The Log in / Register switch at the top of both forms (spec §2). */
export function AccountTabs({ current }: { current: "login" | "register" }) {
  return (
    <nav className="account-tabs" aria-label="Log in or register">
      <Link
        to="/login"
        className="account-tabs__tab"
        aria-current={current === "login" ? "page" : undefined}
      >
        Log in
      </Link>
      <Link
        to="/register"
        className="account-tabs__tab"
        aria-current={current === "register" ? "page" : undefined}
      >
        Register
      </Link>
    </nav>
  );
}
