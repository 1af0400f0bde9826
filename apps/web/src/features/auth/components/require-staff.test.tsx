import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { memberFixture, mockApi } from "@/test/mock-api";
import { TestProviders } from "@/test/providers";
import { RequireStaff } from "./require-staff";

function Where() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

function renderStaffPage(admin = false) {
  const router = createMemoryRouter(
    [
      { path: "/settings", element: <Where /> },
      { path: "/dashboard", element: <Where /> },
      {
        element: <RequireStaff admin={admin} />,
        children: [{ path: "/admin", element: <p>staff only</p> }],
      },
    ],
    { initialEntries: ["/admin"] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

describe("RequireStaff", () => {
  it("sends staff without 2FA to the security settings with a notice", async () => {
    const { session, me } = memberFixture();
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": { ...me, profile: { ...me.profile, role: "support" } },
    });
    renderStaffPage();
    expect(await screen.findByText("at /settings?tab=security&notice=staff-2fa")).toBeTruthy();
  });

  it("lets staff with 2FA in", async () => {
    const { session, me } = memberFixture({ twoFactorEnabled: true });
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": { ...me, profile: { ...me.profile, role: "admin" } },
    });
    renderStaffPage();
    expect(await screen.findByText("staff only")).toBeTruthy();
  });

  it("keeps members out", async () => {
    const { session, me } = memberFixture({ twoFactorEnabled: true });
    mockApi({ "GET /api/auth/get-session": session, "GET /api/me": me });
    renderStaffPage();
    expect(await screen.findByText("at /dashboard")).toBeTruthy();
  });

  it("keeps support staff out of admin pages", async () => {
    const { session, me } = memberFixture({ twoFactorEnabled: true });
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": { ...me, profile: { ...me.profile, role: "support" } },
    });
    renderStaffPage(true);
    expect(await screen.findByText("at /dashboard")).toBeTruthy();
  });

  it("lets admins with 2FA into admin pages", async () => {
    const { session, me } = memberFixture({ twoFactorEnabled: true });
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": { ...me, profile: { ...me.profile, role: "admin" } },
    });
    renderStaffPage(true);
    expect(await screen.findByText("staff only")).toBeTruthy();
  });
});
