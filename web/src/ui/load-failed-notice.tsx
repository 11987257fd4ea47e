import { Button } from "./button";

interface LoadFailedNoticeProps {
  message: string;
  /** while a retry is under way the button stays focusable but does nothing */
  retrying: boolean;
  onRetry: () => void;
}

/** What a screen shows in place of data it could not load: the reason and a Try again. */
export function LoadFailedNotice({ message, retrying, onRetry }: LoadFailedNoticeProps) {
  return (
    <div className="page__notice page__notice--error">
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
