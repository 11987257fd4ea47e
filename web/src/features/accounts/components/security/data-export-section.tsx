import { useId, useState } from "react";
import { saveDownload } from "../../../../lib/save-download";
import { Button } from "../../../../ui/button";
import { useDownloadAccountData } from "../../hooks/security-queries";
import { securityTexts } from "../../messages";
import { failureNotice, NoticeMessage, type Notice } from "./section-notice";

/** The name to save under when the server's answer names none. */
function fallbackFileName(): string {
  return `folio-my-data-${new Date().toISOString().slice(0, 10)}.json`;
}

/**
 * Settings › Your data (design.md §7.4): everything Folio holds about the reader, as one JSON
 * file. Fetched with the session's token (a plain link could not send it), then saved.
 */
export function DataExportSection() {
  const headingId = useId();
  const download = useDownloadAccountData();
  const [notice, setNotice] = useState<Notice | null>(null);
  const pending = download.isPending;

  return (
    <section className="security-section" aria-labelledby={headingId}>
      <h3 id={headingId}>Your data</h3>
      <p className="security-section__intro">
        Download a copy of everything Folio keeps about you: your profile, sessions, loans,
        payments, cart, wish list, holds, reviews, notes, reading progress and the emails we sent
        you.
      </p>
      <div className="security-actions">
        <Button
          variant="secondary"
          aria-disabled={pending ? true : undefined}
          onClick={() => {
            if (pending) return;
            setNotice(null);
            download.mutate(undefined, {
              onSuccess: (file) => {
                saveDownload(file, fallbackFileName());
                setNotice({ tone: "success", text: securityTexts.exportStarted });
              },
              onError: (error) => setNotice(failureNotice(error, securityTexts.exportFailed)),
            });
          }}
        >
          {pending ? "Preparing your data…" : "Download my data"}
        </Button>
      </div>
      <NoticeMessage notice={notice} />
    </section>
  );
}
