import { type NetworkInterfaceInfo, networkInterfaces } from "node:os";

export interface ReadyOptions {
  publicUrl: string;
  nodeEnv: "development" | "production" | "test";
  /** The address the server listens on (HOST). */
  host: string;
  /** The port it listens on. */
  port: number;
}

const ALL_INTERFACES = new Set(["0.0.0.0", "::", ""]);

/**
 * Where to open the app: PUBLIC_URL, and outside production, when listening on every interface,
 * http://<address>:<port> for each external IPv4 address (to try the app on a phone).
 */
export function openAddresses(
  opts: ReadyOptions,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): { publicUrl: string; network: string[] } {
  const network: string[] = [];
  if (opts.nodeEnv !== "production" && ALL_INTERFACES.has(opts.host)) {
    for (const infos of Object.values(interfaces)) {
      for (const info of infos ?? []) {
        if (info.family === "IPv4" && !info.internal)
          network.push(`http://${info.address}:${opts.port}`);
      }
    }
  }
  return { publicUrl: opts.publicUrl, network: [...new Set(network)] };
}

/** The start log's last line: the address to open, and on this network the LAN ones. */
export function readyMessage(
  opts: ReadyOptions,
  interfaces?: NodeJS.Dict<NetworkInterfaceInfo[]>,
): string {
  const { publicUrl, network } = openAddresses(opts, interfaces);
  const lan = network.length ? ` (on this network: ${network.join(", ")})` : "";
  return `ViewVault is ready: open ${publicUrl}${lan}`;
}
