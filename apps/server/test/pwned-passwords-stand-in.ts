import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Have I Been Pwned's range API: GET /range/<5 hex> answers every listed
 * password's SHA-1 suffix with that prefix (and a padding line with count 0, as the real API
 * pads). `requests` keeps the paths asked, so a test can see that only prefixes leave.
 */
export async function startPwnedPasswordsStandIn(
  listed: string[],
): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const hashes = listed.map((p) => createHash("sha1").update(p).digest("hex").toUpperCase());
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push(path);
    const prefix = /^\/range\/([0-9A-F]{5})$/i.exec(path)?.[1]?.toUpperCase();
    if (!prefix) {
      res
        .writeHead(400, { "content-type": "text/plain" })
        .end("The hash prefix was not in a valid format");
      return;
    }
    const lines = hashes.filter((h) => h.startsWith(prefix)).map((h) => `${h.slice(5)}:42`);
    lines.push(`${"0".repeat(35)}:0`);
    res.writeHead(200, { "content-type": "text/plain" }).end(lines.join("\r\n"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/range/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
