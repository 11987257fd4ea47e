import { ButtonLink } from "../../ui/button";

/** Invites visitors to register; Home shows it only when logged out (spec §2). */
export function JoinBanner() {
  return (
    <section className="join-banner" aria-labelledby="join-heading">
      <div>
        <h2 id="join-heading">Join Folio</h2>
        <p>
          Create a free account to borrow e-books, keep a wishlist and pick up reading where you
          left off.
        </p>
      </div>
      <ButtonLink to="/register" className="join-banner__action">
        Create an account
      </ButtonLink>
    </section>
  );
}
