import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n, { i18nReady } from "@/lib/i18n";
import { OfflineBalanceNote } from "./offline-balance-note";

function setOnline(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? "online" : "offline"));
  });
}

beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces("money");
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage("en");
});

describe("OfflineBalanceNote", () => {
  it("says nothing online and marks the balance as last known while offline", async () => {
    await i18n.changeLanguage("en");
    setOnline(true);
    render(<OfflineBalanceNote />);
    expect(screen.queryByTestId("balance-offline")).toBeNull();
    setOnline(false);
    expect(screen.getByTestId("balance-offline").textContent).toBe(
      "Offline · last known balance, may not be current",
    );
    setOnline(true);
    expect(screen.queryByTestId("balance-offline")).toBeNull();
  });

  it("says it in Portuguese", async () => {
    await i18n.changeLanguage("pt-BR");
    await i18n.loadNamespaces("money");
    setOnline(false);
    render(<OfflineBalanceNote />);
    expect(screen.getByTestId("balance-offline").textContent).toBe(
      "Offline · último saldo conhecido, pode não estar atualizado",
    );
  });
});
