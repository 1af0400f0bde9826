import { useEffect } from "react";
import { RouterProvider } from "react-router";
import { AppProviders } from "./providers";
import { createAppRouter } from "./router";

const router = createAppRouter();

export function App() {
  // Marks the page interactive (after React adopted the prerendered landing page, or rendered).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    // The static shell of index.html (ADR 065) has done its job.
    document.getElementById("vv-shell")?.remove();
  }, []);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
