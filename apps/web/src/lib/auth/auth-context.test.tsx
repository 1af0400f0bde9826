import { act, render, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/mock-api";
import { TestProviders } from "@/test/providers";
import { type AuthState, safeRedirect, useAuth } from "./auth-context";

let auth: AuthState | null = null;
function Probe() {
  auth = useAuth();
  return null;
}

describe("auth context", () => {
  it("rejects updateProfile with the seed's message when nobody is signed in", async () => {
    mockApi();
    render(
      <TestProviders>
        <Probe />
      </TestProviders>,
    );
    await waitFor(() => expect(auth?.loading).toBe(false));
    expect(auth?.user).toBeNull();
    await act(async () => {
      await expect(auth?.updateProfile({ username: "someone" })).rejects.toThrow(
        "No user logged in",
      );
    });
  });

  it("follows only same-site redirects", () => {
    expect(safeRedirect("/settings?tab=wallet")).toBe("/settings?tab=wallet");
    expect(safeRedirect("//evil.example")).toBe("/dashboard");
    expect(safeRedirect("https://evil.example")).toBe("/dashboard");
    expect(safeRedirect(null)).toBe("/dashboard");
  });
});
