import { useEffect, useRef, useState } from "react";
import { saveDownload } from "../../../../lib/save-download";
import { Button } from "../../../../ui/button";
import { securityTexts } from "../../messages";
import { NoticeMessage, type Notice } from "./section-notice";

const FILE_NAME = "folio-recovery-codes.txt";

/**
 * The recovery codes, right after two-factor sign-in is turned on: the only time they are
 * shown (the server keeps only their hashes), with ways to copy and download them.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const text = `Folio recovery codes. Each one signs you in once.\n\n${codes.join("\n")}\n`;

  useEffect(() => {
    heading.current?.focus();
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setNotice({ tone: "success", text: securityTexts.codesCopied });
    } catch {
      setNotice({ tone: "error", text: securityTexts.codesNotCopied });
    }
  }

  return (
    <div className="recovery-codes">
      <h4 ref={heading} tabIndex={-1}>
        Save your recovery codes
      </h4>
      <p className="recovery-codes__on">{securityTexts.twoFactorTurnedOn}</p>
      <p className="recovery-codes__warning">
        <strong>These codes are shown only once.</strong> Keep them somewhere safe, such as a
        password manager. If you lose your phone, each code lets you sign in once in place of a code
        from your app.
      </p>
      <ul className="recovery-codes__list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="security-actions">
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            saveDownload(
              { blob: new Blob([text], { type: "text/plain" }), fileName: null },
              FILE_NAME,
            )
          }
        >
          Download codes
        </Button>
        <Button size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
      <NoticeMessage notice={notice} />
    </div>
  );
}
