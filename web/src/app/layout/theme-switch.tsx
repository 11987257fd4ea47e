import { useId, type ReactNode } from "react";
import { saveThemeChoice, THEME_CHOICES, useThemeChoice, type ThemeChoice } from "../../lib/theme";
import { MoonIcon, SunIcon, SystemThemeIcon } from "../../ui/icons";
import { usePopupDisclosure } from "../../ui/use-popup-disclosure";
import "./theme-switch.css";

const LABELS: Record<ThemeChoice, string> = { light: "Light", dark: "Dark", system: "System" };

const ICONS: Record<ThemeChoice, ReactNode> = {
  light: <SunIcon />,
  dark: <MoonIcon />,
  system: <SystemThemeIcon />,
};

/** Light, dark or the system's setting: three radios, so arrow keys move between them. */
export function ThemeSwitch() {
  const choice = useThemeChoice();
  const name = useId();
  return (
    <fieldset className="theme-switch">
      <legend className="theme-switch__legend">Theme</legend>
      <div className="theme-switch__options">
        {THEME_CHOICES.map((option) => (
          <label key={option} className="theme-switch__option">
            <input
              type="radio"
              className="theme-switch__radio"
              name={name}
              value={option}
              checked={choice === option}
              onChange={() => saveThemeChoice(option)}
            />
            <span className="theme-switch__face">
              {ICONS[option]}
              {LABELS[option]}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The desktop header's way to the switch: one icon button that shows the current choice. */
export function ThemeMenu() {
  const choice = useThemeChoice();
  const { open, setOpen, containerRef, buttonRef, handleBlur } = usePopupDisclosure(0);
  const popupId = useId();
  return (
    <div className="theme-menu" ref={containerRef} onBlur={handleBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="header-button"
        aria-label="Theme"
        aria-expanded={open}
        aria-controls={popupId}
        onClick={() => setOpen((value) => !value)}
      >
        {ICONS[choice]}
      </button>
      <div id={popupId} className="theme-menu__popup" hidden={!open}>
        <ThemeSwitch />
      </div>
    </div>
  );
}
