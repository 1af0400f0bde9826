import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, Suspense } from "react";
import { PageSpinner } from "@/components/ui/spinner";
import { AuthProvider } from "@/lib/auth/auth-context";
import { LiveBalances } from "@/lib/balances/live-balances";
import { lazyPart } from "@/lib/lazy-part";
import { queryClient as defaultQueryClient } from "@/lib/query-client";
import { useTheme } from "@/lib/theme";
import { loadSonner } from "@/lib/toast";
import { useHydrated } from "@/lib/use-hydrated";

// Toasts are never needed to paint the first screen.
const Toaster = lazyPart(() => loadSonner().then((m) => m.Toaster));

function ThemedToaster() {
  const [theme] = useTheme();
  // Not part of the prerendered landing page (the theme is only known in the browser).
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={theme} richColors closeButton position="top-right" offset={72} />
    </Suspense>
  );
}

export function AppProviders({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {/* One balances stream per signed-in tab feeds every balance on screen. */}
        <LiveBalances />
        {/* Waits for the first locale namespace before anything with text is shown. */}
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
        <ThemedToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
