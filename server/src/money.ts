// The server's money rules (decision 002): integer pence inside, pounds with two decimals on the
// wire. The conversions and the messages' "£4.99" are the contract's, shared with the web app.
export {
  formatPence,
  formatPenceGrouped,
  penceToPounds,
  poundsToPence,
} from "@folio/contract/money";
