import type { AdminMailDetail } from "@folio/contract/admin";
import { useId } from "react";
import { formatLongDateTime } from "../../../lib/dates";
import { Button } from "../../../ui/button";
import { Modal } from "../../../ui/modal";
import { QueryState } from "../../../ui/query-state";
import { useMail } from "../hooks/mail-queries";
import { adminMessages, problemText } from "../messages";

interface MailViewDialogProps {
  mailId: string;
  onClose: () => void;
}

/**
 * A mail as it was sent: subject, recipient, the text body, and the HTML body in a frame with
 * every sandbox permission off (`sandbox=""`): no script of it runs, no form submits, no link
 * opens, and it cannot reach this page.
 */
export function MailViewDialog({ mailId, onClose }: MailViewDialogProps) {
  const mail = useMail(mailId);
  return (
    <Modal
      title="Mail as sent"
      size="wide"
      describedByBody={false}
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <QueryState
        query={mail}
        loadingLabel="Loading the mail"
        failedMessage={mail.error ? problemText(mail.error) : adminMessages.mailFailed}
        failedAlert
      >
        {(detail) => <MailBody mail={detail.mail} />}
      </QueryState>
    </Modal>
  );
}

function MailBody({ mail }: { mail: AdminMailDetail["mail"] }) {
  const textHeadingId = useId();
  return (
    <div className="mail-view">
      <dl className="console-facts console-facts--stacked">
        <div>
          <dt>Subject</dt>
          <dd>{mail.subject}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd className="console-table__break">{mail.to}</dd>
        </div>
        <div>
          <dt>Made</dt>
          <dd>{formatLongDateTime(mail.createdAt)}</dd>
        </div>
        <div>
          <dt>Sent</dt>
          <dd>{mail.sentAt ? formatLongDateTime(mail.sentAt) : "Not yet"}</dd>
        </div>
      </dl>
      <p className="mail-view__note">
        The secret part of each link (a password reset, an email change) is shown as [hidden]: only
        the reader&rsquo;s own copy opens it. Reading this mail is recorded in the audit log.
      </p>
      <h3 className="mail-view__heading">HTML</h3>
      <iframe
        className="mail-view__html"
        title={`HTML body of “${mail.subject}”`}
        sandbox=""
        srcDoc={mail.htmlBody}
        referrerPolicy="no-referrer"
      />
      <h3 id={textHeadingId} className="mail-view__heading">
        Text
      </h3>
      {/* A long body scrolls inside it: focusable, so a keyboard can scroll it too (axe
          scrollable-region-focusable), and named by its heading. */}
      <pre className="mail-view__text" role="region" aria-labelledby={textHeadingId} tabIndex={0}>
        {mail.textBody}
      </pre>
    </div>
  );
}
