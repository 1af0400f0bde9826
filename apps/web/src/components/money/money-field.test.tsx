import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import i18n, { i18nReady } from "@/lib/i18n";
import { AvailableBalance, SelectField } from "./money-field";

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage("en");
});

const registered = (name: string) => ({
  name,
  onChange: async () => undefined,
  onBlur: async () => undefined,
  ref: () => undefined,
});

describe("SelectField", () => {
  it("is a labelled select of the options; described by its error only where it can have one", () => {
    const { rerender } = render(
      <SelectField
        id="net"
        label="Network"
        options={[
          { value: "TRC20", label: "TRC20 (Tron)" },
          { value: "ERC20", label: "ERC20 (Ethereum)" },
        ]}
        registered={registered("network")}
      />,
    );
    const select = screen.getByRole("combobox", { name: "Network" });
    expect(select.getAttribute("name")).toBe("network");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "TRC20 (Tron)",
      "ERC20 (Ethereum)",
    ]);
    expect(select.getAttribute("aria-describedby")).toBeNull();
    rerender(
      <SelectField
        id="net"
        label="Network"
        placeholder="Choose"
        options={[{ value: "TRC20", label: "TRC20 (Tron)" }]}
        error="Pick one"
        registered={registered("network")}
      />,
    );
    expect(select.getAttribute("aria-describedby")).toBe("net-error");
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByRole("option")[0]?.textContent).toBe("Choose");
    expect(document.getElementById("net-error")?.textContent).toBe("Pick one");
  });
});

describe("AvailableBalance", () => {
  it("formats the balance in the form's words, and says … while it loads", async () => {
    const text = (amount: string) => `Available: ${amount}`;
    const { rerender } = render(<AvailableBalance amount={null} currency="VIEWS" text={text} />);
    expect(await screen.findByText("Available: …")).toBeTruthy();
    rerender(<AvailableBalance amount={1500n} currency="VIEWS" text={text} />);
    expect(await screen.findByText("Available: 1,500 views")).toBeTruthy();
    rerender(<AvailableBalance amount={12_500_000n} currency="USDT" text={text} />);
    expect(await screen.findByText("Available: 12.50 USDT")).toBeTruthy();
  });
});
