import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useCartCount } from "../../features/cart/hooks/use-cart-count";
import { useReadyHoldCount } from "../../features/holds/hooks/hold-queries";
import { useWishlistCount } from "../../features/wishlist/hooks/use-wishlist-count";
import { useSession } from "../../lib/session";
import { ButtonLink } from "../../ui/button";
import { useLoginRequired } from "../../ui/dialogs";
import { CartIcon, HeartIcon, MenuIcon, SearchIcon } from "../../ui/icons";
import { HeaderSearch } from "./header-search";
import { HoldsReadyLink } from "./holds-ready-link";
import { Logo } from "./logo";
import { SiteMenu } from "./site-menu";
import { ThemeMenu } from "./theme-switch";
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

/**
 * One row at every width. Wide screens show everything; narrow ones (header.css) keep the logo,
 * the counts and two buttons: one reveals the title search, one opens the menu drawer with the
 * links, the account entries and the theme switch.
 */
export function Header() {
  const { isLoggedIn } = useSession();
  const { key: locationKey } = useLocation();
  const cartCount = useCartCount();
  const wishlistCount = useWishlistCount();
  const readyHolds = useReadyHoldCount();
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [shownLocation, setShownLocation] = useState(locationKey);
  const searchId = useId();
  const searchInputRef = useRef<HTMLInputElement>(null);
  const searchToggleRef = useRef<HTMLButtonElement>(null);

  // A navigation (a menu link, a search) closes both.
  if (shownLocation !== locationKey) {
    setShownLocation(locationKey);
    setMenuOpen(false);
    setSearchOpen(false);
  }

  useEffect(() => {
    if (searchOpen) searchInputRef.current?.focus();
  }, [searchOpen]);

  function handleSearchKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Escape" || !searchOpen) return;
    setSearchOpen(false);
    searchToggleRef.current?.focus();
  }

  return (
    <header className="site-header">
      <div className="site-header__inner container">
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
        <button
          ref={searchToggleRef}
          type="button"
          className="header-button site-header__search-toggle"
          aria-label="Title search"
          aria-expanded={searchOpen}
          aria-controls={searchId}
          onClick={() => setSearchOpen((open) => !open)}
        >
          <SearchIcon size={20} />
        </button>
        <div
          id={searchId}
          className={`site-header__search${searchOpen ? " site-header__search--open" : ""}`}
          onKeyDown={handleSearchKeyDown}
        >
          <HeaderSearch inputRef={searchInputRef} />
        </div>
        <div className="site-header__icons">
          <HoldsReadyLink count={readyHolds} />
          <CountLink
            to="/user/wishlist"
            label="Wishlist"
            count={wishlistCount}
            icon={<HeartIcon />}
          />
          <CountLink to="/cart" label="Cart" count={cartCount} icon={<CartIcon />} />
          <ThemeMenu />
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
        <button
          type="button"
          className="header-button site-header__menu-button"
          aria-label="Menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </button>
      </div>
      {menuOpen && <SiteMenu readyHolds={readyHolds} onClose={() => setMenuOpen(false)} />}
    </header>
  );
}
