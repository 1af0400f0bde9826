import { fireEvent, screen, within } from "@testing-library/react";
import { FAIRNESS_VECTORS } from "@viewvault/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

describe("/fairness", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("recomputes an opening from the address in the browser and checks the committed hash", async () => {
    mockApi();
    const v = FAIRNESS_VECTORS[2];
    if (!v) throw new Error("no vector");
    await renderRoute(
      `/fairness?serverSeed=${v.serverSeed}&serverSeedHash=${v.serverSeedHash}&clientSeed=${v.clientSeed}&nonce=${v.nonce}`,
    );
    const outcome = await screen.findByTestId("fairness-outcome");
    expect(within(outcome).getByText("The server seed matches the committed hash.")).toBeTruthy();
    expect(within(outcome).getByTestId("fairness-item").textContent).toBe("Crystal Camera");
    expect(within(outcome).getByText("Rarity draw 88 (0–99) · item draw 2")).toBeTruthy();
  });

  it("says when the seed does not match the hash, and validates the inputs", async () => {
    mockApi();
    const v = FAIRNESS_VECTORS[0];
    if (!v) throw new Error("no vector");
    await renderRoute("/fairness");
    expect(await screen.findByRole("heading", { name: "Catalogue" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("A server seed is 64 hexadecimal characters.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Server seed (revealed)"), {
      target: { value: v.serverSeed },
    });
    fireEvent.change(screen.getByLabelText("Committed hash (optional)"), {
      target: { value: "00".repeat(32) },
    });
    fireEvent.change(screen.getByLabelText("Client seed"), { target: { value: v.clientSeed } });
    fireEvent.change(screen.getByLabelText("Nonce"), { target: { value: String(v.nonce) } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    const outcome = await screen.findByTestId("fairness-outcome");
    expect(
      within(outcome).getByText("The server seed does NOT match the committed hash."),
    ).toBeTruthy();
    expect(within(outcome).getByTestId("fairness-item").textContent).toBe("Pixel Heart");
  });
});
