import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { sentBody } from "../../../test/accounts";
import { callsTo, chooseRowAction, makeMail, rowActionNames, staffApi } from "../../../test/admin";
import { jsonResponse } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { MailPage } from "./mail-page";

const HTML_BODY =
  '<p>Moby-Dick is due <b>tomorrow</b>.</p><script>parent.document.title = "owned"</script>';

function renderMail() {
  const mail = makeMail();
  const fetchMock = staffApi({
    "/api/admin/mail": () =>
      jsonResponse({
        state: "success",
        mails: [
          mail,
          makeMail({
            mailId: "502",
            status: "sent",
            sentAt: mail.createdAt,
            lastError: null,
            attempts: 1,
          }),
        ],
        page: 1,
        pageSize: 20,
        total: 2,
      }),
    "/api/admin/mail/get": () =>
      jsonResponse({
        state: "success",
        mail: { ...mail, textBody: "Moby-Dick is due tomorrow.", htmlBody: HTML_BODY },
      }),
    "/api/admin/mail/retry": () =>
      jsonResponse({ state: "success", mail: { ...mail, status: "pending" } }),
  });
  vi.stubGlobal("fetch", fetchMock);
  renderWithProviders(<MailPage />, {
    route: "/admin/mail",
    session: { isLoggedIn: true, role: "librarian" },
  });
  return fetchMock;
}

describe("the console's outbox", () => {
  it("lists mail with attempts and the last error, Retry only on what was not sent", async () => {
    const user = userEvent.setup();
    renderMail();
    const table = await screen.findByRole("table", { name: "Outbox, newest first" });
    const [failed, sent] = within(table).getAllByRole("row").slice(1);
    expect(within(failed!).getByText("Failed")).toBeInTheDocument();
    expect(within(failed!).getByText("SMTP 451: try again later")).toBeInTheDocument();
    const failedActions = within(failed!).getByRole("button", { name: /^Actions for / });
    expect(await rowActionNames(user, failedActions)).toEqual(["View", "Retry"]);
    expect(within(sent!).getByText("Sent")).toBeInTheDocument();
    const sentActions = within(sent!).getByRole("button", { name: /^Actions for / });
    expect(await rowActionNames(user, sentActions)).toEqual(["View"]);
  });

  it("shows a mail as sent, its HTML in a sandboxed frame where no script runs", async () => {
    const user = userEvent.setup();
    const fetchMock = renderMail();
    const table = await screen.findByRole("table", { name: "Outbox, newest first" });
    await chooseRowAction(user, /^Actions for /, "View", {
      container: within(table).getAllByRole("row")[1]!,
    });
    const dialog = screen.getByRole("dialog", { name: "Mail as sent" });
    const frame = await within(dialog).findByTitle("HTML body of “Moby-Dick is due tomorrow”");
    expect(frame.tagName).toBe("IFRAME");
    // Every permission off: no scripts, forms, popups or same-origin access.
    expect(frame).toHaveAttribute("sandbox", "");
    expect(frame).toHaveAttribute("srcdoc", HTML_BODY);
    expect(within(dialog).getByText("Moby-Dick is due tomorrow.")).toBeInTheDocument();
    expect(within(dialog).getByText("grace@example.com")).toBeInTheDocument();
    expect(within(dialog).getByText(/shown as \[hidden\]/)).toHaveTextContent(
      "Reading this mail is recorded in the audit log.",
    );
    expect(callsTo(fetchMock, "/api/admin/mail/get")[0]?.url.searchParams.get("mailId")).toBe(
      "501",
    );
    // The mail's own markup is never put into this page.
    expect(document.querySelector("script")).toBeNull();
  });

  it("retries a failed mail and says so", async () => {
    const user = userEvent.setup();
    const fetchMock = renderMail();
    const table = await screen.findByRole("table", { name: "Outbox, newest first" });
    await chooseRowAction(user, /^Actions for /, "Retry", {
      container: within(table).getAllByRole("row")[1]!,
    });
    await user.click(
      within(screen.getByRole("dialog", { name: "Send this mail again?" })).getByRole("button", {
        name: "Retry",
      }),
    );
    expect(
      await screen.findByText("The mail to grace@example.com will be sent again shortly."),
    ).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, "/api/admin/mail/retry")[0]?.init)).toEqual({
      mailId: "501",
    });
  });

  it("filters by status in the request", async () => {
    const user = userEvent.setup();
    const fetchMock = renderMail();
    await screen.findByRole("table");
    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "failed");
    await waitFor(() =>
      expect(callsTo(fetchMock, "/api/admin/mail").at(-1)?.url.searchParams.get("status")).toBe(
        "failed",
      ),
    );
  });
});
