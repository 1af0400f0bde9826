import { render } from "@testing-library/react";
import { isValidElement } from "react";
import { createMemoryRouter, matchRoutes, RouterProvider } from "react-router";
import { AppProviders } from "@/app/providers";
import { routes } from "@/app/router";
import i18n, { i18nReady } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";

type Preloadable = { preload: () => Promise<unknown> };

function isPreloadable(type: unknown): type is Preloadable {
  return typeof type === "function" && typeof (type as Partial<Preloadable>).preload === "function";
}

/**
 * Loads the code and the locale namespaces of every lazy page `path` matches (lazyPage's
 * `preload`), so a test never waits for a cold lazy chunk while its findBy* clock runs.
 */
export async function preloadRoute(path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(
    matches
      .map((match) => match.route.element)
      .filter(isValidElement)
      .map((element): unknown => element.type)
      .filter(isPreloadable)
      .map((page) => page.preload()),
  );
}

/** Renders the whole app (providers, layout, routes) at `path`, in English, page preloaded. */
export async function renderRoute(path: string) {
  await i18nReady;
  await i18n.changeLanguage("en");
  await preloadRoute(path);
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
