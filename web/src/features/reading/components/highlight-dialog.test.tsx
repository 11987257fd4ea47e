import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { HighlightDialog } from "./highlight-dialog";

function renderDialog(onDelete?: () => void) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  render(
    <div id="root">
      <button type="button">Opener</button>
      <HighlightDialog
        mode="edit"
        text="Call me Ishmael."
        color="yellow"
        note="First line"
        theme="sepia"
        onSave={onSave}
        onDelete={onDelete}
        onClose={onClose}
      />
    </div>,
  );
  return { onSave, onClose };
}

describe("HighlightDialog", () => {
  it("changes a highlight's colour and note", async () => {
    const user = userEvent.setup();
    const { onSave } = renderDialog(vi.fn());
    const dialog = screen.getByRole("dialog", { name: "Highlight" });
    expect(dialog.parentElement).toHaveClass("reader-theme--sepia");
    expect(screen.getByRole("blockquote")).toHaveTextContent("Call me Ishmael.");
    const note = screen.getByLabelText("Note");
    expect(note).toHaveFocus();
    expect(screen.getByRole("radio", { name: "Yellow" })).toBeChecked();
    await user.clear(note);
    await user.type(note, "The narrator");
    await user.click(screen.getByRole("radio", { name: "Blue" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onSave).toHaveBeenCalledWith({ color: "blue", note: "The narrator" });
  });

  it("deletes the highlight, and closes on Escape keeping focus inside until then", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    const { onClose } = renderDialog(onDelete);
    await user.click(screen.getByRole("button", { name: "Delete highlight" }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    // Tab cycles within the dialog.
    for (let i = 0; i < 10; i += 1) await user.tab();
    expect(screen.getByRole("dialog", { name: "Highlight" })).toContainElement(
      document.activeElement as HTMLElement,
    );
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
