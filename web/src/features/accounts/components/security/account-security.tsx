import { AppPasswordsSection } from "./app-passwords-section";
import { DataExportSection } from "./data-export-section";
import { PasskeysSection } from "./passkeys-section";
import { SessionsSection } from "./sessions-section";
import { TwoFactorSection } from "./two-factor-section";
import "./security.css";

/**
 * Settings' account security (design.md §7.4), below the spec's own form: two-factor sign-in,
 * passkeys, app passwords for e-reader apps, sessions and the data export. A reader who turns
 * none of it on signs in as before.
 */
export function AccountSecurity() {
  return (
    <div className="account-security">
      <TwoFactorSection />
      <PasskeysSection />
      <AppPasswordsSection />
      <SessionsSection />
      <DataExportSection />
    </div>
  );
}
