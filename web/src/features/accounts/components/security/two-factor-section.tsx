import type { TwoFactorSetupResponse, TwoFactorStatus } from "@folio/contract/security";
import { useId, useState } from "react";
import { Button } from "../../../../ui/button";
import { QueryState } from "../../../../ui/query-state";
import {
  useDisableTwoFactor,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from "../../hooks/security-queries";
import { accountMessages, securityTexts } from "../../messages";
import { useCurrentPassword } from "../../reauth";
import { CurrentPasswordField } from "../current-password-field";
import { RecoveryCodes } from "./recovery-codes";
import { failureNotice, NoticeMessage, type Notice } from "./section-notice";
import { TwoFactorSetup } from "./two-factor-setup";

/** A setup under way: the new secret, and the password it took, which turning it on takes too. */
interface StartedSetup {
  secret: TwoFactorSetupResponse;
  currentPassword: string | undefined;
}

/** Settings › Two-factor sign-in (design.md §7.4): off, being set up, codes to save, or on. */
export function TwoFactorSection() {
  const headingId = useId();
  const status = useTwoFactorStatus();
  // Dropped when the setup ends or is cancelled, and the password with it.
  const [setup, setSetup] = useState<StartedSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  let content;
  if (codes) {
    content = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  } else if (setup) {
    content = (
      <TwoFactorSetup
        setup={setup.secret}
        currentPassword={setup.currentPassword}
        onEnabled={(recoveryCodes) => {
          setSetup(null);
          setCodes(recoveryCodes);
        }}
        onCancel={() => setSetup(null)}
      />
    );
  } else {
    content = (
      <QueryState
        query={status}
        loadingLabel="Loading your two-factor sign-in"
        failedMessage={securityTexts.twoFactorFailed}
      >
        {(current) =>
          current.enabled ? (
            <TwoFactorOn status={current} onNotice={setNotice} />
          ) : (
            <TwoFactorOff onSetup={setSetup} onNotice={setNotice} />
          )
        }
      </QueryState>
    );
  }

  return (
    <section className="security-section" aria-labelledby={headingId}>
      <h3 id={headingId}>Two-factor sign-in</h3>
      <p className="security-section__intro">
        Ask for a code from an authenticator app on your phone as well as your password, so a stolen
        password alone cannot open your account.
      </p>
      {content}
      {!codes && !setup && <NoticeMessage notice={notice} />}
    </section>
  );
}

interface StateProps {
  onNotice: (notice: Notice | null) => void;
}

function TwoFactorOff({
  onSetup,
  onNotice,
}: StateProps & { onSetup: (setup: StartedSetup) => void }) {
  const start = useStartTwoFactorSetup();
  const password = useCurrentPassword();
  const pending = start.isPending;

  function turnOn() {
    if (pending || !password.checkFilled()) return;
    onNotice(null);
    const { currentPassword } = password;
    start.mutate(currentPassword, {
      onSuccess: (secret) => onSetup({ secret, currentPassword }),
      onError: (error) => {
        if (password.handleFailure(error)) return;
        onNotice(failureNotice(error, accountMessages.requestFailed));
      },
    });
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        turnOn();
      }}
      noValidate
    >
      <p className="security-section__state">
        <strong>Off.</strong> You sign in with your password only.
      </p>
      <CurrentPasswordField state={password} />
      <div className="security-actions">
        <Button type="submit" aria-disabled={pending ? true : undefined}>
          {pending ? "Starting…" : "Turn on two-factor sign-in"}
        </Button>
      </div>
    </form>
  );
}

function TwoFactorOn({ status, onNotice }: StateProps & { status: TwoFactorStatus }) {
  const disable = useDisableTwoFactor();
  const password = useCurrentPassword();
  const left = status.recoveryCodesLeft;
  const pending = disable.isPending;

  function turnOff() {
    if (pending || !password.checkFilled()) return;
    onNotice(null);
    disable.mutate(password.currentPassword, {
      onSuccess: (answer) => {
        password.reset();
        onNotice({ tone: "success", text: answer.message });
      },
      onError: (error) => {
        if (password.handleFailure(error)) return;
        onNotice(failureNotice(error, accountMessages.requestFailed));
      },
    });
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        turnOff();
      }}
      noValidate
    >
      <p className="security-section__state">
        <strong>On.</strong> {left === 1 ? "1 recovery code" : `${left} recovery codes`} left.
      </p>
      {left <= 3 && (
        <p className="security-section__hint">
          Running out of recovery codes? Turn two-factor sign-in off and on again to get new ones.
        </p>
      )}
      <CurrentPasswordField state={password} />
      <div className="security-actions">
        <Button type="submit" variant="secondary" aria-disabled={pending ? true : undefined}>
          {pending ? "Turning off…" : "Turn off two-factor sign-in"}
        </Button>
      </div>
    </form>
  );
}
