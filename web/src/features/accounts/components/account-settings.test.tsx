import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { storedUserName } from "../../../features/accounts/stored-account";
import { fakeApi, sentBody } from "../../../test/accounts";
import { jsonResponse, requestUrl } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { AccountSettings } from "./account-settings";

function updateCalls(fetchMock: ReturnType<typeof fakeApi>) {
  return fetchMock.mock.calls.filter(
    ([input]) => requestUrl(input).pathname === "/api/users/update",
  );
}

describe("AccountSettings", () => {
  let fetchMock: ReturnType<typeof fakeApi>;

  beforeEach(() => {
    fetchMock = fakeApi({
      "/api/users/update": () =>
        jsonResponse({
          state: "success",
          message: "Account information updated successfully",
          name: "Ada King",
          email: "ada@example.com",
        }),
    });
    vi.stubGlobal("fetch", fetchMock);
  });

  it("asks for at least one field and sends nothing", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AccountSettings />, { session: { isLoggedIn: true } });
    await user.type(screen.getByLabelText("Username"), "   ");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(screen.getByRole("alert")).toHaveTextContent("Please fill at least one field to update");
    expect(screen.getByLabelText("Username")).toHaveAttribute("aria-invalid", "true");
    expect(updateCalls(fetchMock)).toHaveLength(0);
  });

  it("sends only the filled fields, then confirms and updates the stored name", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AccountSettings />, { session: { isLoggedIn: true } });
    expect(await screen.findByText("Currently Ada Lovelace")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Username"), "  Ada King ");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Account information updated successfully")).toBeInTheDocument();
    const [call] = updateCalls(fetchMock);
    expect(sentBody(call?.[1])).toEqual({ name: "Ada King" });
    expect(storedUserName.read()).toBe("Ada King");
    expect(screen.getByLabelText("Username")).toHaveValue("");
    expect(screen.getByText("Currently Ada King")).toBeInTheDocument();
  });

  it("sends a new password and email together, leaving the blank name out", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AccountSettings />, { session: { isLoggedIn: true } });
    await user.type(screen.getByLabelText("Email"), "ada@engine.org");
    await user.type(screen.getByLabelText("New password"), "difference");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    await screen.findByText("Account information updated successfully");
    expect(sentBody(updateCalls(fetchMock)[0]?.[1])).toEqual({
      email: "ada@engine.org",
      password: "difference",
    });
  });

  it("checks a filled password's length before sending", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AccountSettings />, { session: { isLoggedIn: true } });
    await user.type(screen.getByLabelText("New password"), "abc");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Password must be at least 6 characters long",
    );
    expect(updateCalls(fetchMock)).toHaveLength(0);
  });

  it("shows the server's message when the update is refused, else a general one", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/users/update": jsonResponse(
          {
            state: "error",
            code: "EMAIL_TAKEN",
            message: "Email has already been registered",
            field: "email",
          },
          409,
        ),
      }),
    );
    const { unmount } = renderWithProviders(<AccountSettings />, {
      session: { isLoggedIn: true },
    });
    await user.type(screen.getByLabelText("Email"), "taken@example.com");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Email has already been registered");
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    unmount();

    vi.stubGlobal(
      "fetch",
      fakeApi({ "/api/users/update": new Response("Bad gateway", { status: 502 }) }),
    );
    renderWithProviders(<AccountSettings />, { session: { isLoggedIn: true } });
    await user.type(screen.getByLabelText("Username"), "Ada");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to update user information");
  });
});
