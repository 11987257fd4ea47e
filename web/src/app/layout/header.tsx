import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { useCartCount } from "../../features/cart/hooks/use-cart-count";
import { useWishlistCount } from "../../features/wishlist/hooks/use-wishlist-count";
import { useSession } from "../../lib/session";
import { ButtonLink } from "../../ui/button";
import { useLoginRequired } from "../../ui/dialogs";
import { CartIcon, HeartIcon } from "../../ui/icons";
import { HeaderSearch } from "./header-search";
import { Logo } from "./logo";
import { UserMenu } from "./user-menu";
import "./header.css";

const LOGIN_FIRST = "Please login first";

interface CountLinkProps {
  to: string;
  label: string;
  count: number;
  icon: ReactNode;
}

/** Wishlist and cart: links for members; for visitors they explain that a login is needed. */
function CountLink({ to, label, count, icon }: CountLinkProps) {
  const { isLoggedIn } = useSession();
  const requireLogin = useLoginRequired();
  const name = `${label}, ${count} ${count === 1 ? "book" : "books"}`;
  const content = (
    <>
      {icon}
      {/* A visitor has no cart or wishlist to count. */}
      {isLoggedIn && (
        <span className="count-link__badge" aria-hidden="true">
          {count}
        </span>
      )}
    </>
  );
  return isLoggedIn ? (
    <Link to={to} className="count-link" aria-label={name}>
      {content}
    </Link>
  ) : (
    <button
      type="button"
      className="count-link"
      aria-label={name}
      onClick={() => requireLogin(LOGIN_FIRST)}
    >
      {content}
    </button>
  );
}

function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? "site-nav__link site-nav__link--active" : "site-nav__link";
}

export function Header() {
  const { isLoggedIn } = useSession();
  const cartCount = useCartCount();
  const wishlistCount = useWishlistCount();
  return (
    <header className="site-header">
      <div
        className={`site-header__inner container${isLoggedIn ? " site-header__inner--member" : ""}`}
      >
        <div className="site-header__logo">
          <Logo />
        </div>
        <nav className="site-nav" aria-label="Main">
          <NavLink to="/" end className={navClass}>
            Home
          </NavLink>
          <NavLink to="/categories" className={navClass}>
            Categories
          </NavLink>
          {isLoggedIn && (
            <NavLink to="/user/books" className={navClass}>
              My Books
            </NavLink>
          )}
        </nav>
        <div className="site-header__search">
          <HeaderSearch />
        </div>
        <div className="site-header__icons">
          <CountLink
            to="/user/wishlist"
            label="Wishlist"
            count={wishlistCount}
            icon={<HeartIcon />}
          />
          <CountLink to="/cart" label="Cart" count={cartCount} icon={<CartIcon />} />
        </div>
        <div className="site-header__auth">
          {isLoggedIn ? (
            <UserMenu />
          ) : (
            <>
              <ButtonLink to="/login" variant="ghost" size="sm" className="site-header__login">
                Login
              </ButtonLink>
              <ButtonLink to="/register" size="sm" className="site-header__register">
                Register
              </ButtonLink>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
