import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import "./app/global.css";

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
