import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Routes are lazy chunks: on a busy machine the first import of one can pass Testing Library's
// default 1 s for findBy*, which failed a guard test once. Waiting longer cannot pass a wrong
// screen; it only stops slowness from failing a right one.
configure({ asyncUtilTimeout: 5000 });

// Globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom does no layout; the layout scrolls to the top on each new page.
window.scrollTo = () => undefined;
