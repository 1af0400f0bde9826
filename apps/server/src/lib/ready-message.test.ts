import type { NetworkInterfaceInfo } from "node:os";
import { describe, expect, it } from "vitest";
import { readyMessage } from "./ready-message";

const iface = (address: string, family: "IPv4" | "IPv6", internal = false) =>
  ({ address, family, internal, netmask: "", mac: "", cidr: null }) as NetworkInterfaceInfo;
const interfaces = {
  lo: [iface("127.0.0.1", "IPv4", true), iface("::1", "IPv6", true)],
  wlan0: [iface("192.168.1.20", "IPv4"), iface("fe80::1", "IPv6")],
  eth0: [iface("10.0.0.5", "IPv4")],
};

describe("readyMessage", () => {
  it("names PUBLIC_URL and, in development, the LAN addresses to try the app from a phone", () => {
    expect(
      readyMessage(
        { publicUrl: "http://localhost:3000", nodeEnv: "development", host: "0.0.0.0", port: 3000 },
        interfaces,
      ),
    ).toBe(
      "ViewVault is ready: open http://localhost:3000 (on this network: http://192.168.1.20:3000, http://10.0.0.5:3000)",
    );
  });

  it("names only PUBLIC_URL in production, or when listening on one address", () => {
    expect(
      readyMessage(
        { publicUrl: "https://vv.example", nodeEnv: "production", host: "0.0.0.0", port: 3000 },
        interfaces,
      ),
    ).toBe("ViewVault is ready: open https://vv.example");
    expect(
      readyMessage(
        {
          publicUrl: "http://localhost:3000",
          nodeEnv: "development",
          host: "127.0.0.1",
          port: 3000,
        },
        interfaces,
      ),
    ).toBe("ViewVault is ready: open http://localhost:3000");
  });
});
