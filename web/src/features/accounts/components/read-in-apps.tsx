import { OPDS_PATHS } from "@folio/contract/constants";
import { Link } from "react-router";
import { profileViewPath } from "../../../lib/profile-views";
import { CopyButton } from "../../../ui/copy-button";
import { useTwoFactorStatus } from "../hooks/security-queries";
import { useUserInfo } from "../hooks/user-info-query";
import { APP_PASSWORDS_ANCHOR } from "./security/app-passwords-section";
import "./read-in-apps.css";

/**
 * Profile › Read in Apps (issue 26): the catalogue's addresses for e-reader apps (OPDS), what
 * to sign in with, and the steps in two common apps, in the words those apps use.
 */
export function ReadInApps() {
  const { data: user } = useUserInfo();
  const twoFactor = useTwoFactorStatus();
  // The address the reader reached this page at is the one their apps can reach too.
  const origin = window.location.origin;
  const v1 = `${origin}${OPDS_PATHS.v1}`;
  const v2 = `${origin}${OPDS_PATHS.v2}`;
  const appPasswords = `${profileViewPath("Settings")}#${APP_PASSWORDS_ANCHOR}`;

  return (
    <div className="read-in-apps">
      <p className="read-in-apps__intro">
        Read the books you borrow in an e-reader app on your phone, tablet, computer or e-ink
        reader. Add the Folio catalogue to the app once: you can then browse the shelves there and
        download your loans to read.
      </p>

      <h3>The catalogue’s address</h3>
      <CatalogueAddress
        title="OPDS 1.2, for most apps"
        apps="KOReader, PocketBook, Aldiko and most other e-reader apps."
        url={v1}
        copyLabel="Copy OPDS 1.2 address"
      />
      <CatalogueAddress
        title="OPDS 2.0, for Thorium Reader"
        apps="Thorium Reader and other apps that ask for an OPDS 2.0 feed."
        url={v2}
        copyLabel="Copy OPDS 2.0 address"
      />

      <h3>Signing in</h3>
      <p>When the app asks you to sign in, use:</p>
      <ul className="read-in-apps__credentials">
        <li>
          <strong>Username:</strong> your email address
          {user?.email ? (
            <>
              {" "}
              (<span className="read-in-apps__email">{user.email}</span>)
            </>
          ) : null}
        </li>
        <li>
          <strong>Password:</strong> your Folio password, or an app password
        </li>
      </ul>
      {twoFactor.data?.enabled ? (
        <p className="read-in-apps__two-factor">
          <strong>Two-factor sign-in is on for your account,</strong> so your own password does not
          work in apps: use an app password.
        </p>
      ) : (
        <p>
          Once two-factor sign-in is on, your own password no longer works in apps: they need an app
          password.
        </p>
      )}
      <p>
        <Link to={appPasswords}>Create an app password in Settings</Link>, one for each app. If a
        device is lost, you can revoke its password alone.
      </p>

      <h3>KOReader</h3>
      <p className="read-in-apps__platforms">On Kobo, Kindle, PocketBook and Android devices.</p>
      <ol className="read-in-apps__steps" aria-label="Steps for KOReader">
        <li>
          In the file browser (close the book first if one is open), tap the top of the screen to
          show the menu, then open the <strong>Search</strong> menu: the magnifying glass.
        </li>
        <li>
          Choose <strong>OPDS catalog</strong>.
        </li>
        <li>
          Tap <strong>+</strong> at the top left to add a catalog.
        </li>
        <li>
          Fill in <strong>Catalog name</strong>: Folio; <strong>Catalog URL</strong>:{" "}
          <code className="read-in-apps__inline-url">{v1}</code>; <strong>Username</strong>: your
          email address; <strong>Password</strong>: your password or an app password. Then tap{" "}
          <strong>Save</strong>.
        </li>
        <li>
          Tap <strong>Folio</strong> in the list to browse the catalogue. <strong>My loans</strong>{" "}
          lists the books you have borrowed.
        </li>
        <li>
          Tap a book and choose its format, such as <strong>EPUB</strong>, to download it. It then
          opens from the file browser like any other book.
        </li>
      </ol>

      <h3>Thorium Reader</h3>
      <p className="read-in-apps__platforms">On Windows, macOS and Linux computers.</p>
      <ol className="read-in-apps__steps" aria-label="Steps for Thorium Reader">
        <li>
          Open the <strong>Catalogs</strong> tab.
        </li>
        <li>
          Choose <strong>Add OPDS feed</strong>.
        </li>
        <li>
          Name it Folio, paste the OPDS 2.0 address as its link:{" "}
          <code className="read-in-apps__inline-url">{v2}</code>, and choose <strong>Add</strong>.
        </li>
        <li>
          Open Folio in your catalogs. When Thorium asks you to sign in, enter your email address
          and your password or an app password.
        </li>
      </ol>
    </div>
  );
}

interface CatalogueAddressProps {
  title: string;
  apps: string;
  url: string;
  copyLabel: string;
}

function CatalogueAddress({ title, apps, url, copyLabel }: CatalogueAddressProps) {
  return (
    <div className="read-in-apps__address">
      <p className="read-in-apps__address-title">{title}</p>
      <p className="read-in-apps__address-apps">{apps}</p>
      <div className="read-in-apps__address-row">
        <code className="read-in-apps__url">{url}</code>
        <CopyButton text={url}>{copyLabel}</CopyButton>
      </div>
    </div>
  );
}
