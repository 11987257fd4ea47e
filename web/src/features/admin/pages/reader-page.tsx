import type { AdminLedgerEntry, AdminLoan, ReaderDetail } from "@folio/contract/admin";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { formatLongDate } from "../../../lib/dates";
import { useDocumentTitle } from "../../../lib/document-title";
import { formatPounds } from "../../../lib/money";
import { useSession } from "../../../lib/session";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { QueryState } from "../../../ui/query-state";
import { useToast } from "../../../ui/toast";
import { poundsText } from "../amount-text";
import { ActionDialog } from "../components/action-dialog";
import { RoleDialog } from "../components/role-dialog";
import {
  LEDGER_KINDS,
  LedgerSection,
  LoansSection,
  ReaderFacts,
  ReviewsSection,
} from "../components/reader-sections";
import {
  useAdjustBalance,
  useBlockReader,
  useEndLoan,
  useReader,
  useRefund,
  useSendPasswordReset,
  useUnblockReader,
} from "../hooks/reader-queries";
import { adminMessages, problemText } from "../messages";

type Dialog =
  | { kind: "credit" | "debit" | "block" | "unblock" | "reset" | "role" }
  | { kind: "refund"; entry: AdminLedgerEntry }
  | { kind: "endLoan"; loan: AdminLoan }
  | null;

/** /admin/readers/:userId: one reader's account, loans, money and reviews, and what staff can do. */
export function ReaderPage() {
  const userId = useParams().userId ?? "";
  const reader = useReader(userId);
  useDocumentTitle(`${reader.data?.reader.name ?? "Reader"} · Staff console`);
  return (
    <div className="console-page">
      <p className="console-back">
        <Link to="/admin/readers">← All readers</Link>
      </p>
      <QueryState
        query={reader}
        loadingLabel="Loading the reader"
        failedMessage={reader.error ? problemText(reader.error) : adminMessages.readerFailed}
        failedAlert
      >
        {(detail) => <ReaderView detail={detail} />}
      </QueryState>
    </div>
  );
}

function ReaderView({ detail }: { detail: ReaderDetail }) {
  const { reader } = detail;
  const { role } = useSession();
  const { showToast } = useToast();
  const [dialog, setDialog] = useState<Dialog>(null);
  const adjust = useAdjustBalance();
  const refund = useRefund();
  const block = useBlockReader();
  const unblock = useUnblockReader();
  const sendReset = useSendPasswordReset();
  const endLoan = useEndLoan();

  const done = (message: string) => {
    setDialog(null);
    showToast(message, { tone: "success" });
  };
  const close = () => setDialog(null);

  return (
    <>
      <h1>{reader.name}</h1>
      <ReaderFacts reader={reader} />
      <div className="console-actions console-actions--bar">
        <Button variant="secondary" onClick={() => setDialog({ kind: "credit" })}>
          Credit balance
        </Button>
        <Button variant="secondary" onClick={() => setDialog({ kind: "debit" })}>
          Debit balance
        </Button>
        <Button variant="secondary" onClick={() => setDialog({ kind: "reset" })}>
          Send password-reset link
        </Button>
        {/* One button that turns into the other, so focus stays on it. */}
        <Button
          variant={reader.blockedAt ? "secondary" : "danger"}
          onClick={() => setDialog({ kind: reader.blockedAt ? "unblock" : "block" })}
        >
          {reader.blockedAt ? "Unblock" : "Block"}
        </Button>
        {role === "admin" && (
          <Button variant="secondary" onClick={() => setDialog({ kind: "role" })}>
            Change role
          </Button>
        )}
      </div>

      <LoansSection loans={detail.loans} onEnd={(loan) => setDialog({ kind: "endLoan", loan })} />
      <LedgerSection
        ledger={detail.ledger}
        onRefund={(entry) => setDialog({ kind: "refund", entry })}
      />
      <ReviewsSection reviews={detail.reviews} />

      {(dialog?.kind === "credit" || dialog?.kind === "debit") && (
        <ActionDialog
          title={dialog.kind === "credit" ? "Credit the balance" : "Debit the balance"}
          submitLabel={dialog.kind === "credit" ? "Credit" : "Debit"}
          pendingLabel={dialog.kind === "credit" ? "Crediting…" : "Debiting…"}
          amount={{
            label: "Amount (£)",
            hint:
              dialog.kind === "credit"
                ? "Added to the balance."
                : `Taken from the balance, which is ${formatPounds(reader.balance)}.`,
          }}
          reason={{}}
          onSubmit={({ amount, reason }) =>
            adjust.mutateAsync({
              userId: reader.userId,
              amount: dialog.kind === "credit" ? (amount ?? 0) : -(amount ?? 0),
              reason,
            })
          }
          onDone={(change) =>
            done(
              change.entry.amount >= 0
                ? adminMessages.credited(change.entry.amount, change.balance)
                : adminMessages.debited(-change.entry.amount, change.balance),
            )
          }
          onClose={close}
        >
          <p>
            {reader.name}’s balance is {formatPounds(reader.balance)}.
          </p>
        </ActionDialog>
      )}
      {dialog?.kind === "refund" && (
        <ActionDialog
          title="Refund a charge"
          submitLabel="Refund"
          pendingLabel="Refunding…"
          amount={{
            label: "Amount (£)",
            hint: `Up to ${formatPounds(dialog.entry.refundable ?? 0)}, what is left of this charge.`,
            initial: poundsText(dialog.entry.refundable ?? 0),
          }}
          reason={{}}
          onSubmit={({ amount, reason }) =>
            refund.mutateAsync({ ledgerId: dialog.entry.ledgerId, amount, reason })
          }
          onDone={(change) => done(adminMessages.refunded(change.entry.amount, change.balance))}
          onClose={close}
        >
          <p>
            {LEDGER_KINDS[dialog.entry.kind]} of {dialog.entry.bookTitle ?? "a book"} on{" "}
            {formatLongDate(dialog.entry.date)}: {formatPounds(Math.abs(dialog.entry.amount))}.
          </p>
        </ActionDialog>
      )}
      {dialog?.kind === "block" && (
        <ActionDialog
          title={`Block ${reader.name}?`}
          submitLabel="Block"
          pendingLabel="Blocking…"
          submitVariant="danger"
          reason={{}}
          onSubmit={({ reason }) => block.mutateAsync({ userId: reader.userId, reason })}
          onDone={() => done(adminMessages.blocked(reader.name))}
          onClose={close}
        >
          <p>
            They are logged out everywhere and can’t log in until unblocked. Nothing of theirs is
            deleted.
          </p>
        </ActionDialog>
      )}
      {dialog?.kind === "unblock" && (
        <ConfirmDialog
          title={`Unblock ${reader.name}?`}
          confirmLabel="Unblock"
          pendingLabel="Unblocking…"
          onConfirm={() => unblock.mutateAsync(reader.userId)}
          onConfirmed={() => done(adminMessages.unblocked(reader.name))}
          failureMessage={problemText}
          onClose={close}
        >
          <p>They can log in again with their password.</p>
        </ConfirmDialog>
      )}
      {dialog?.kind === "reset" && (
        <ConfirmDialog
          title="Send a password-reset link?"
          confirmLabel="Send link"
          pendingLabel="Sending…"
          onConfirm={() => sendReset.mutateAsync(reader.userId)}
          onConfirmed={() => done(adminMessages.resetSent(reader.email))}
          failureMessage={problemText}
          onClose={close}
        >
          <p>
            {reader.email} gets a link to choose a new password. Their password stays as it is until
            they use it.
          </p>
        </ConfirmDialog>
      )}
      {dialog?.kind === "role" && (
        <RoleDialog
          reader={reader}
          onChanged={(changed) => done(adminMessages.roleChanged(changed.name, changed.role))}
          onClose={close}
        />
      )}
      {dialog?.kind === "endLoan" && (
        <ActionDialog
          title={`End the loan of “${dialog.loan.title}”?`}
          submitLabel="End loan"
          pendingLabel="Ending…"
          submitVariant="danger"
          reason={{}}
          onSubmit={({ reason }) => endLoan.mutateAsync({ loanId: dialog.loan.loanId, reason })}
          onDone={() => done(adminMessages.loanEnded(dialog.loan.title))}
          onClose={close}
        >
          <p>The book is returned now: the reader can no longer open it. Nothing is refunded.</p>
        </ActionDialog>
      )}
    </>
  );
}
