import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { applyThemeChoice, THEME_STORAGE_KEY } from "../../lib/theme";
import { ThemeMenu, ThemeSwitch } from "./theme-switch";

afterEach(() => applyThemeChoice("system"));

describe("ThemeSwitch", () => {
  it("offers light, dark and the system's setting, the stored choice checked", () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, "light");
    render(<ThemeSwitch />);
    const group = screen.getByRole("group", { name: "Theme" });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Light" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Dark" })).not.toBeChecked();
    expect(screen.getByRole("radio", { name: "System" })).not.toBeChecked();
  });

  it("switches the page and remembers the choice", async () => {
    const user = userEvent.setup();
    render(<ThemeSwitch />);
    expect(screen.getByRole("radio", { name: "System" })).toBeChecked();

    await user.click(screen.getByRole("radio", { name: "Dark" }));
    expect(screen.getByRole("radio", { name: "Dark" })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");

    // Arrow keys move between the radios, as in any radio group.
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("radio", { name: "System" })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });
});

describe("ThemeMenu", () => {
  it("opens the switch from one button and closes on Escape, focus back on the button", async () => {
    const user = userEvent.setup();
    render(<ThemeMenu />);
    const button = screen.getByRole("button", { name: "Theme" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("radio", { name: "Dark" })).not.toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    await user.click(screen.getByRole("radio", { name: "Dark" }));
    expect(document.documentElement.dataset.theme).toBe("dark");

    await user.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();
  });
});
