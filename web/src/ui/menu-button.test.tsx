import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { MenuButton } from "./menu-button";

function renderMenu() {
  const chosen = vi.fn<(label: string) => void>();
  const items = ["Edit", "Holds", "Replace file", "Retire"].map((label) => ({
    label,
    onSelect: () => chosen(label),
  }));
  render(
    <>
      <MenuButton label="Actions for Moby-Dick" items={items} />
      <button type="button">Next row</button>
      <p>Elsewhere</p>
    </>,
  );
  return { chosen, button: screen.getByRole("button", { name: "Actions for Moby-Dick" }) };
}

const item = (name: string) => screen.getByRole("menuitem", { name });

describe("MenuButton", () => {
  it("is a menu button: closed, it says it has a menu; open, the menu is named by it", async () => {
    const user = userEvent.setup();
    const { button } = renderMenu();
    expect(button).toHaveAttribute("aria-haspopup", "menu");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    const menu = screen.getByRole("menu", { name: "Actions for Moby-Dick" });
    expect(button).toHaveAttribute("aria-controls", menu.id);
    expect(item("Edit")).toHaveFocus();
  });

  it("opens from the keyboard and moves with the arrows, Home, End and first letters", async () => {
    const user = userEvent.setup();
    const { button } = renderMenu();
    await user.tab();
    expect(button).toHaveFocus();

    await user.keyboard("{Enter}");
    expect(item("Edit")).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(item("Holds")).toHaveFocus();
    await user.keyboard("{ArrowUp}{ArrowUp}");
    // Past the first item, round to the last.
    expect(item("Retire")).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(item("Edit")).toHaveFocus();
    await user.keyboard("{End}");
    expect(item("Retire")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(item("Edit")).toHaveFocus();
    await user.keyboard("r");
    expect(item("Replace file")).toHaveFocus();
    await user.keyboard("r");
    expect(item("Retire")).toHaveFocus();
    // Every item is reached by the arrows, none by Tab: the menu is one stop.
    for (const name of ["Edit", "Holds", "Replace file", "Retire"]) {
      expect(item(name)).toHaveAttribute("tabindex", "-1");
    }

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute("aria-expanded", "false");

    // ArrowUp opens it on the last item, ArrowDown and Space on the first.
    await user.keyboard("{ArrowUp}");
    expect(item("Retire")).toHaveFocus();
    await user.keyboard("{Escape}");
    await user.keyboard("{ArrowDown}");
    expect(item("Edit")).toHaveFocus();
    await user.keyboard("{Escape}");
    await user.keyboard(" ");
    expect(item("Edit")).toHaveFocus();
  });

  it("does the item chosen with Enter or a click, closes, and gives focus back to the button", async () => {
    const user = userEvent.setup();
    const { button, chosen } = renderMenu();
    button.focus();
    await user.keyboard("{Enter}{ArrowDown}{ArrowDown}{Enter}");
    expect(chosen).toHaveBeenCalledWith("Replace file");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(item("Retire"));
    expect(chosen).toHaveBeenLastCalledWith("Retire");
    expect(chosen).toHaveBeenCalledTimes(2);
    expect(button).toHaveFocus();
  });

  it("closes on a press outside it, on Tab, and on a second press of its button", async () => {
    const user = userEvent.setup();
    const { button, chosen } = renderMenu();
    await user.click(button);
    await user.click(screen.getByText("Elsewhere"));
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();

    await user.click(button);
    await user.tab();
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();

    await user.click(button);
    await user.click(button);
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(chosen).not.toHaveBeenCalled();
  });
});
