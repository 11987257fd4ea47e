import { Button } from "./button";

interface LoadFailedNoticeProps {
  message: string;
  /** while a retry is under way the button stays focusable but does nothing */
  retrying: boolean;
  onRetry: () => void;
  /** Announce it at once (role="alert"): for screens whose failures raise no toast. */
  alert?: boolean;
  className?: string;
}

/** What a screen shows in place of data it could not load: the reason and a Try again. */
export function LoadFailedNotice({
  message,
  retrying,
  onRetry,
  alert = false,
  className = "page__notice page__notice--error",
}: LoadFailedNoticeProps) {
  return (
    <div className={className} role={alert ? "alert" : undefined}>
      <p>{message}</p>
      <Button
        variant="secondary"
        size="sm"
        aria-disabled={retrying ? true : undefined}
        onClick={() => {
          if (!retrying) onRetry();
        }}
      >
        Try again
      </Button>
    </div>
  );
}
