// The server's money rules (decision 002): integer pence inside, pounds with two decimals on the
// wire. The conversions and the messages' "£4.99" are the contract's, shared with the web app.
export { formatPence, penceToPounds, poundsToPence } from "@folio/contract/money";

/** £1,000.00: pounds with thousands separated, as a person reads an amount in a sentence. */
export const formatPenceGrouped = (pence: number): string =>
  `£${(pence / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
