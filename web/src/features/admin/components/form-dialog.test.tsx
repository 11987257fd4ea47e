import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TextField } from "../../../ui/text-field";
import { FormDialog } from "./form-dialog";

interface Props {
  pending?: boolean;
  problem?: string | null;
  onSubmit?: () => void;
  onClose?: () => void;
}

function renderDialog({ pending = false, problem = null, onSubmit, onClose }: Props = {}) {
  const submit = vi.fn(onSubmit);
  const close = vi.fn(onClose);
  const view = render(
    <FormDialog
      title="Add a category"
      submitLabel="Save"
      pendingLabel="Saving…"
      pending={pending}
      problem={problem}
      onSubmit={submit}
      onClose={close}
    >
      <TextField label="Name" defaultValue="" />
    </FormDialog>,
  );
  return { submit, close, view };
}

describe("FormDialog", () => {
  it("opens as a dialog named by its title, with focus on the first field", () => {
    renderDialog();
    const dialog = screen.getByRole("dialog", { name: "Add a category" });
    expect(within(dialog).getByRole("textbox", { name: "Name" })).toHaveFocus();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeVisible();
    expect(within(dialog).getByRole("button", { name: "Save" })).toHaveAttribute("type", "submit");
  });

  it("submits with the button and with Enter in a field", async () => {
    const user = userEvent.setup();
    const { submit } = renderDialog();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Poetry{Enter}");
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it("shows a message about the whole form", () => {
    renderDialog({ problem: "Nothing to save: change the name or the description first." });
    expect(within(screen.getByRole("dialog")).getByRole("alert")).toHaveTextContent(
      "Nothing to save: change the name or the description first.",
    );
  });

  it("closes with Escape, the cross and Cancel", async () => {
    const user = userEvent.setup();
    const { close } = renderDialog();
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Close" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(close).toHaveBeenCalledTimes(3);
  });

  it("neither submits again nor closes while the request runs", async () => {
    const user = userEvent.setup();
    const { submit, close } = renderDialog({ pending: true });
    const busy = screen.getByRole("button", { name: "Saving…" });
    expect(busy).toHaveAttribute("aria-disabled", "true");
    await user.click(busy);
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(submit).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });
});
