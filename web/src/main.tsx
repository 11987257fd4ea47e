import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { reloadOnPreloadFailure } from "./app/chunk-reload";
import "./app/global.css";
import { startTheme } from "./lib/theme";

// Before the first render, so a reader who pinned a theme never sees the other one drawn.
startTheme();

// A page opened before a deploy whose chunks are gone loads again rather than failing.
reloadOnPreloadFailure();
// Which build this page runs (VITE_BUILD_ID at build time), for whoever deploys and for tests.
document.documentElement.dataset.build = import.meta.env.VITE_BUILD_ID ?? "";

// The service worker (sw.ts: the app and downloaded books offline) installs once the page has
// loaded, so its downloads never compete with the first screen's. Not in dev: Vite serves there.
function registerServiceWorker() {
  navigator.serviceWorker.register("/sw.js").catch(() => undefined);
}
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  if (document.readyState === "complete") registerServiceWorker();
  else window.addEventListener("load", registerServiceWorker, { once: true });
}

const container = document.getElementById("root");
if (!container) throw new Error("index.html must contain #root");

// A transition, so React renders the first screen in slices and the phone stays responsive.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
