import { Spinner } from "../../ui/spinner";

/** While a page's code downloads; usually shorter than a blink, so it stays quiet. */
export function PageFallback() {
  return (
    <div className="page-fallback">
      <Spinner label="Loading page" />
    </div>
  );
}
