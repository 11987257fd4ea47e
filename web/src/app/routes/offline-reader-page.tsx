import type { WireId } from "@folio/contract/common";
import { requestPublicationLink } from "../../features/reading/api/reading-api";
import { OfflineButton, offlineManifestFor } from "../../features/reading/offline";
import { ReaderPage } from "../../features/reading/pages/reader-page";

function renderDownload({ bookId, title }: { bookId: WireId; title: string }) {
  return (
    <OfflineButton
      bookId={String(bookId)}
      title={title}
      // A fresh link: the reader's own may be close to its end by the time they press it.
      getLink={() => requestPublicationLink(bookId)}
    />
  );
}

/**
 * The reader with offline reading (issue 22): the top bar offers to keep the book on this
 * device, and without a connection the book opens from the kept copy.
 */
export function OfflineReaderPage() {
  return <ReaderPage renderDownload={renderDownload} offlineManifest={offlineManifestFor} />;
}
