import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { AuthProvider } from "@/lib/auth/auth-context";
import { createQueryClient } from "@/lib/query-client";
import { RequireAuth } from "./require-auth";

function AuthPage() {
  const location = useLocation();
  return <p>auth page {location.search}</p>;
}

describe("RequireAuth", () => {
  it("sends anonymous visitors to /auth with the page to return to", async () => {
    const router = createMemoryRouter(
      [
        { path: "/auth", element: <AuthPage /> },
        { element: <RequireAuth />, children: [{ path: "/dashboard", element: <p>secret</p> }] },
      ],
      { initialEntries: ["/dashboard?tab=referrals"] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(
      await screen.findByText(
        `auth page ?redirect=${encodeURIComponent("/dashboard?tab=referrals")}`,
      ),
    ).toBeTruthy();
    expect(screen.queryByText("secret")).toBeNull();
  });
});
