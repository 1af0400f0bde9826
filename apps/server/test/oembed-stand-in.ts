import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for YouTube's oEmbed endpoint: ids in `titles` answer their title, ids in
 * `slow` answer after `slowMs`, anything else 404 (YouTube's answer for an unknown video).
 */
export async function startOembedStandIn(
  titles: Record<string, string>,
  opts: { slow?: string[]; slowMs?: number } = {},
): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const target = url.searchParams.get("url") ?? "";
    const id = new URL(target, "https://www.youtube.com").searchParams.get("v") ?? "";
    requests.push(id);
    const answer = () => {
      const title = titles[id];
      if (!title) {
        res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
        return;
      }
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ title, author_name: "stand-in", type: "video" }));
    };
    if (opts.slow?.includes(id)) setTimeout(answer, opts.slowMs ?? 2_000);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/oembed`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
