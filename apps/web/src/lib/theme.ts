import { useSyncExternalStore } from "react";

export type Theme = "light" | "dark";

/** Where the chosen theme is remembered (also read by the inline script in index.html). */
export const THEME_STORAGE_KEY = "vv-theme";

const listeners = new Set<() => void>();

function readTheme(): Theme {
  if (typeof document === "undefined") return "light";
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/** The browser's bar colour per theme (the same as the manifest's and index.html's). */
const THEME_COLORS: Record<Theme, string> = { light: "#fbfcff", dark: "#0b1020" };

/**
 * index.html picks the bar colour by the system's scheme; once a theme is chosen here, both
 * theme-color tags follow the choice.
 */
function applyThemeColor(theme: Theme): void {
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    meta.content = THEME_COLORS[theme];
  }
}

export function setTheme(theme: Theme): void {
  applyThemeColor(theme);
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, readTheme, () => "light" as Theme);
  return [theme, setTheme];
}
