import { useEffect } from "react";
import { RouterProvider } from "react-router";
import { dropInlined } from "@/lib/inlined-data";
import { AppProviders } from "./providers";
import { createAppRouter } from "./router";

const router = createAppRouter();
// The document's inlined data (ADR 065) is for the page it came with: the first move elsewhere
// drops what is left of it.
const firstPath = window.location.pathname;
router.subscribe((state) => {
  if (state.location.pathname !== firstPath) dropInlined();
});

export function App() {
  // The static shell of index.html (ADR 065) has done its job.
  useEffect(() => {
    document.getElementById("vv-shell")?.remove();
  }, []);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
