import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "@/app/providers";
import { routes } from "@/app/router";
import i18n, { i18nReady } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";

/** Renders the whole app (providers, layout, routes) at `path`, in English. */
export async function renderRoute(path: string) {
  await i18nReady;
  await i18n.changeLanguage("en");
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return {
    router,
    ...render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  };
}
