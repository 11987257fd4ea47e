import type { Session } from "@folio/contract/security";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { formatLongDateTime } from "../../../../lib/dates";
import { useSession } from "../../../../lib/session";
import { Button } from "../../../../ui/button";
import { QueryState } from "../../../../ui/query-state";
import {
  useRevokeOtherSessions,
  useRevokeSession,
  useSessions,
} from "../../hooks/security-queries";
import { accountMessages, securityTexts } from "../../messages";
import { failureNotice, NoticeMessage, type Notice } from "./section-notice";

/** "Chrome 131 on Linux", with what is known. */
function deviceName(session: Session): string {
  // A server that cannot read the user agent sends "" (or, before it read them, nothing).
  const browser = session.browser?.trim() || "Unknown browser";
  const os = session.os?.trim();
  return os ? `${browser} on ${os}` : browser;
}

/** This device first, then the most recently used. */
function inOrder(sessions: Session[]): Session[] {
  return [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
  );
}

/**
 * Settings › Sessions (design.md §7.4): every browser signed in to the account, each of which
 * can be signed out; signing out this one is logging out.
 */
export function SessionsSection() {
  const headingId = useId();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<Notice | null>(null);

  function signOutSession(session: Session) {
    if (revoke.isPending) return;
    setNotice(null);
    revoke.mutate(
      { sessionId: session.sessionId, current: session.current },
      {
        onSuccess: (answer) => {
          if (session.current) {
            // As Log out: this browser's token is gone, so everything kept for it goes too.
            signOut();
            void navigate("/login");
            return;
          }
          setNotice({ tone: "success", text: answer.message });
        },
        onError: (error) => setNotice(failureNotice(error, accountMessages.requestFailed)),
      },
    );
  }

  function signOutOthers() {
    if (revokeOthers.isPending) return;
    setNotice(null);
    revokeOthers.mutate(undefined, {
      onSuccess: (answer) => setNotice({ tone: "success", text: answer.message }),
      onError: (error) => setNotice(failureNotice(error, accountMessages.requestFailed)),
    });
  }

  return (
    <section className="security-section" aria-labelledby={headingId}>
      <h3 id={headingId}>Sessions</h3>
      <p className="security-section__intro">
        Where your account is signed in. Sign out any session you do not recognise.
      </p>
      <QueryState
        query={sessions}
        loadingLabel="Loading your sessions"
        failedMessage={securityTexts.sessionsFailed}
      >
        {(list) => (
          <>
            <ul className="security-list" aria-label="Your sessions">
              {inOrder(list).map((session) => (
                <SessionItem
                  key={session.sessionId}
                  session={session}
                  pending={revoke.isPending && revoke.variables?.sessionId === session.sessionId}
                  onSignOut={() => signOutSession(session)}
                />
              ))}
            </ul>
            {list.some((session) => !session.current) && (
              <div className="security-actions">
                <Button
                  variant="secondary"
                  aria-disabled={revokeOthers.isPending ? true : undefined}
                  onClick={signOutOthers}
                >
                  {revokeOthers.isPending ? "Signing out…" : "Sign out all other sessions"}
                </Button>
              </div>
            )}
          </>
        )}
      </QueryState>
      <NoticeMessage notice={notice} />
    </section>
  );
}

interface SessionItemProps {
  session: Session;
  pending: boolean;
  onSignOut: () => void;
}

function SessionItem({ session, pending, onSignOut }: SessionItemProps) {
  const titleId = useId();
  return (
    <li className="security-item">
      <div className="security-item__body">
        <div className="security-item__summary">
          <p className="security-item__title" id={titleId}>
            {deviceName(session)}
            {session.current && <span className="security-item__badge">This device</span>}
          </p>
          <dl className="security-item__facts">
            <div>
              <dt>From</dt>
              <dd>{session.ip || "Unknown"}</dd>
            </div>
            <div>
              <dt>Signed in</dt>
              <dd>{formatLongDateTime(session.createdAt)}</dd>
            </div>
            <div>
              <dt>Last used</dt>
              <dd>{formatLongDateTime(session.lastSeenAt)}</dd>
            </div>
          </dl>
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="security-item__action"
          aria-describedby={titleId}
          aria-disabled={pending ? true : undefined}
          onClick={onSignOut}
        >
          {pending ? "Signing out…" : "Sign out"}
        </Button>
      </div>
    </li>
  );
}
