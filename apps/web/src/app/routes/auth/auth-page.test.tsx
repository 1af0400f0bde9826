import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

async function openSignUp(path = "/auth?tab=signup") {
  const view = await renderRoute(path);
  await screen.findByRole("button", { name: "Create Account" });
  return view;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillSignUp(values: { password: string; confirm: string }) {
  fill("Username", "new_member");
  fill("E-mail", "new@example.com");
  fill("Password", values.password);
  fill("Confirm Password", values.confirm);
}

describe("/auth", () => {
  beforeEach(() => {
    mockApi({ "GET /api/usernames/availability": { username: "new_member", available: true } });
  });

  it("has Sign In and Sign Up tabs, and Sign In has e-mail, password and Forgot Password?", async () => {
    await renderRoute("/auth");
    expect(await screen.findByRole("tab", { name: "Sign In" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Sign Up" })).toBeTruthy();
    expect(screen.getByLabelText("E-mail")).toBeTruthy();
    expect(screen.getByLabelText("Password")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Forgot Password?" })).toBeTruthy();
  });

  it("asks for the e-mail before sending a reset link", async () => {
    const fetchMock = mockApi();
    await renderRoute("/auth");
    fireEvent.click(await screen.findByRole("button", { name: "Forgot Password?" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Please enter your email first");
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).includes("request-password-reset")),
    ).toBe(false);
  });

  it("keeps Create Account disabled until the terms are accepted", async () => {
    await openSignUp();
    const submit = screen.getByRole("button", { name: "Create Account" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fillSignUp({ password: "secret-1", confirm: "secret-1" });
    expect(submit.disabled).toBe(true);
    // The reason is shown once everything else is filled in.
    expect(screen.getByText("You must accept the Terms of Use and Privacy Policy")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox"));
    expect(submit.disabled).toBe(false);
    expect(screen.queryByText("You must accept the Terms of Use and Privacy Policy")).toBeNull();
  });

  it("links the consent text to /terms and /privacy", async () => {
    await openSignUp();
    const form = within(screen.getByRole("tabpanel"));
    expect(form.getByRole("link", { name: "Terms of Use" }).getAttribute("href")).toBe("/terms");
    expect(form.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe(
      "/privacy",
    );
  });

  it("shows the seed's validation messages on their fields", async () => {
    await openSignUp();
    fireEvent.click(screen.getByRole("checkbox"));

    fillSignUp({ password: "secret-1", confirm: "secret-2" });
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Passwords do not match")).toBeTruthy();
    const confirm = screen.getByLabelText("Confirm Password");
    expect(confirm.getAttribute("aria-invalid")).toBe("true");
    expect(
      document.getElementById(confirm.getAttribute("aria-describedby") ?? "")?.textContent,
    ).toBe("Passwords do not match");

    fillSignUp({ password: "123", confirm: "123" });
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Password must be at least 6 characters")).toBeTruthy();
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(screen.queryByText("Passwords do not match")).toBeNull());

    fireEvent.click(screen.getByRole("checkbox"));
    expect(screen.getByText("You must accept the Terms of Use and Privacy Policy")).toBeTruthy();
  });

  it("asks for the e-mail and the password on Sign In", async () => {
    const fetchMock = mockApi();
    await renderRoute("/auth");
    fireEvent.click(await screen.findByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Please enter your email")).toBeTruthy();
    expect(screen.getByText("Please enter your password")).toBeTruthy();
    fill("E-mail", "not-an-email");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Please enter a valid email")).toBeTruthy();
    expect(screen.getByLabelText("E-mail").getAttribute("aria-invalid")).toBe("true");
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("sign-in"))).toBe(false);
  });

  it("says to check the e-mail after signing up, sending the inviter as referralId", async () => {
    let sent: Record<string, unknown> | null = null;
    mockApi({
      "GET /api/usernames/availability": { username: "new_member", available: true },
      "GET /api/profiles/bob": {
        id: "9b2a3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
        username: "bob",
        isVerified: true,
        memberSince: "2026-01-01T00:00:00.000Z",
        referralCount: 3,
      },
      "POST /api/auth/sign-up/email": ({ body }: { body: unknown }) => {
        sent = body as Record<string, unknown>;
        return { token: null, user: { id: "u2" } };
      },
    });
    await openSignUp("/auth?ref=bob");
    expect(screen.getByText("You have been invited!")).toBeTruthy();
    expect(screen.getByText("@bob")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox"));
    fillSignUp({ password: "secret-1", confirm: "secret-1" });
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Check your email to confirm your account!")).toBeTruthy();
    expect(sent).toMatchObject({
      username: "new_member",
      email: "new@example.com",
      referralId: "9b2a3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
      callbackURL: "/dashboard?verified=1",
    });
  });

  it("shows no invitation for a referrer that does not exist, and one for an existing id", async () => {
    mockApi({
      "GET /api/usernames/availability": { username: "new_member", available: true },
      "GET /api/profiles/9b2a3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d": {
        id: "9b2a3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
        username: "bob",
        isVerified: true,
        memberSince: "2026-01-01T00:00:00.000Z",
        referralCount: 3,
      },
    });
    const { unmount } = await openSignUp("/auth?ref=ghost");
    expect(screen.queryByText("You have been invited!")).toBeNull();
    expect(screen.queryByText(/You were invited/)).toBeNull();
    unmount();
    await openSignUp("/auth?ref=9b2a3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d");
    expect(screen.getByText("You have been invited!")).toBeTruthy();
    expect(screen.getByText("@bob")).toBeTruthy();
  });

  it("offers to resend the confirmation e-mail when it is not confirmed yet", async () => {
    mockApi({
      "POST /api/auth/sign-in/email": () =>
        new Response(
          JSON.stringify({ code: "EMAIL_NOT_VERIFIED", message: "Email not verified" }),
          { status: 403, headers: { "content-type": "application/json" } },
        ),
    });
    await renderRoute("/auth");
    await screen.findByLabelText("E-mail");
    fill("E-mail", "late@example.com");
    fill("Password", "secret-1");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect((await screen.findByRole("alert")).textContent).toContain("not confirmed yet");
    expect(screen.getByRole("button", { name: "Resend confirmation e-mail" })).toBeTruthy();
  });

  it("asks for the authenticator code when the account has 2FA", async () => {
    mockApi({ "POST /api/auth/sign-in/email": { twoFactorRedirect: true } });
    await renderRoute("/auth");
    await screen.findByLabelText("E-mail");
    fill("E-mail", "alice@example.com");
    fill("Password", "secret-1");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByLabelText("Authentication code")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Use a backup code" }));
    expect(screen.getByLabelText("Backup code")).toBeTruthy();
  });

  it("sends a signed-in member on to ?redirect=", async () => {
    const { session, me } = memberFixture();
    mockApi({ "GET /api/auth/get-session": session, "GET /api/me": me });
    const { router } = await renderRoute("/auth?redirect=%2Fsettings%3Ftab%3Dwallet");
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
    expect(router.state.location.search).toBe("?tab=wallet");
  });
});
