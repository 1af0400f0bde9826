import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** The instance's part in a graceful shutdown (ADR 033). */
export interface Lifecycle {
  /** True once the instance drains: /api/health answers 503 so a load balancer stops sending. */
  readonly draining: boolean;
  drain(): void;
  /**
   * An open stream (server-sent events) that would hold the server open forever: `end` is called
   * when the instance drains. Returns the function that forgets it (call it when the stream closes).
   */
  track(end: () => void): () => void;
}

declare module "fastify" {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/**
 * Draining: `drain()` (SIGTERM) turns health to 503; `app.close()` then ends every open stream
 * first (preClose: a browser's EventSource reconnects, through the load balancer, to another
 * instance), stops accepting connections and waits for the requests in flight.
 */
export const lifecyclePlugin = fp(async (app: FastifyInstance) => {
  let draining = false;
  const streams = new Set<() => void>();
  const lifecycle: Lifecycle = {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
    track(end) {
      if (draining) {
        end();
        return () => undefined;
      }
      streams.add(end);
      return () => {
        streams.delete(end);
      };
    },
  };
  app.decorate("lifecycle", lifecycle);
  // A draining instance closes each connection after its answer: a kept-alive connection would
  // otherwise hold the server open until its keep-alive timeout, and the client's next request
  // goes (through the load balancer) to another instance.
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (draining) reply.header("connection", "close");
    done(null, payload);
  });
  app.addHook("preClose", async () => {
    draining = true;
    for (const end of [...streams]) end();
    streams.clear();
  });
});
