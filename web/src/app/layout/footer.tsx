import { Link } from "react-router";
import { CONTACT_EMAIL, SOURCE_CODE_URL } from "../site-links";
import "./footer.css";

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <section className="site-footer__section" aria-labelledby="footer-about">
          <h2 id="footer-about">About</h2>
          <p>
            Folio is an e-book lending shop. Borrow books for 30 days from your prepaid balance and
            read them right in your browser.
          </p>
        </section>
        <nav className="site-footer__section" aria-labelledby="footer-links">
          <h2 id="footer-links">Quick Links</h2>
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/books">Library Collection</Link>
            </li>
            <li>
              <Link to="/categories">Categories</Link>
            </li>
          </ul>
        </nav>
        <section className="site-footer__section" aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <ul>
            <li>
              <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
            </li>
            <li>
              <a href={SOURCE_CODE_URL} rel="noopener noreferrer">
                Source code
              </a>
            </li>
          </ul>
        </section>
      </div>
      <div className="container">
        <p className="site-footer__legal">© {new Date().getFullYear()} Folio</p>
      </div>
    </footer>
  );
}
