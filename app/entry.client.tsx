import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { startBrowserErrorReports } from "~/utils/error-reports.client";

// "ResizeObserver loop completed with undelivered notifications" is a benign browser warning that
// layout libraries trigger; the spec asks for it to be suppressed rather than reported as an error.
const RESIZE_OBSERVER_LOOP = /ResizeObserver loop (completed with undelivered notifications|limit exceeded)/;
window.addEventListener(
  "error",
  (event) => {
    if (RESIZE_OBSERVER_LOOP.test(event.message)) event.stopImmediatePropagation();
  },
  true,
);

void startBrowserErrorReports();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
