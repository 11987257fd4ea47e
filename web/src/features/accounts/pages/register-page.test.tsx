import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { sentBody } from "../../../test/accounts";
import { jsonResponse } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { RegisterPage } from "./register-page";

interface Form {
  name?: string;
  email?: string;
  password?: string;
  confirm?: string;
}

async function fillAndSubmit(form: Form) {
  const user = userEvent.setup();
  if (form.name) await user.type(screen.getByLabelText("Full name"), form.name);
  if (form.email) await user.type(screen.getByLabelText("Email"), form.email);
  if (form.password) await user.type(screen.getByLabelText("Password"), form.password);
  if (form.confirm) await user.type(screen.getByLabelText("Confirm password"), form.confirm);
  await user.click(screen.getByRole("button", { name: "Create account" }));
}

const VALID = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  password: "engine42",
  confirm: "engine42",
};

describe("RegisterPage", () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });

  it.each<[string, Form, string, string]>([
    ["a blank field", { ...VALID, name: "" }, "Please fill in all fields", "Full name"],
    [
      "an email without a domain",
      { ...VALID, email: "ada@example" },
      "Please enter a valid email address",
      "Email",
    ],
    [
      "a short password",
      { ...VALID, password: "abc", confirm: "abc" },
      "Password must be at least 6 characters long",
      "Password",
    ],
    [
      "a different confirmation",
      { ...VALID, confirm: "engine43" },
      "Passwords do not match",
      "Confirm password",
    ],
  ])(
    "refuses %s with the spec's message, tied to the field",
    async (_case, form, message, label) => {
      renderWithProviders(<RegisterPage />, { route: "/register" });
      await fillAndSubmit(form);

      const alert = screen.getByRole("alert");
      expect(alert).toHaveTextContent(message);
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute("aria-invalid", "true");
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(field).toHaveFocus();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it("registers, shows the success panel, then goes to /login after 1 s", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        state: "success",
        message: "Registration successful",
        UUID: "u-1",
        email: "ada@example.com",
        name: "Ada Lovelace",
        createdat: "2026-11-22T10:00:00.000Z",
      }),
    );
    renderWithProviders(<RegisterPage />, { route: "/register" });
    await fillAndSubmit({ ...VALID, name: "  Ada Lovelace ", email: " ada@example.com" });

    expect(await screen.findByRole("heading", { level: 1, name: "Account created" })).toHaveFocus();
    expect(sentBody(fetchMock.mock.calls[0]?.[1])).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      password: "engine42",
    });
    expect(screen.getByTestId("location")).toHaveTextContent("/register");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"), {
      timeout: 2000,
    });
  });

  it("shows the server's message for a registered email, then goes to /login after 1.5 s", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          state: "error",
          code: "EMAIL_TAKEN",
          message: "Email has already been registered",
          field: "email",
        },
        409,
      ),
    );
    renderWithProviders(<RegisterPage />, { route: "/register" });
    await fillAndSubmit(VALID);

    expect(await screen.findByRole("alert")).toHaveTextContent("Email has already been registered");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(screen.getByTestId("location")).toHaveTextContent("/register");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"), {
      timeout: 1500,
    });
  });

  it("says so when the server cannot be reached", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    renderWithProviders(<RegisterPage />, { route: "/register" });
    await fillAndSubmit(VALID);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "An error occurred during registration, please try again later",
    );
    expect(screen.getByTestId("location")).toHaveTextContent("/register");
  });
});
