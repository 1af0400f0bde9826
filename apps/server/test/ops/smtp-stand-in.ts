import { createServer, type Server, type Socket } from "node:net";

export interface Received {
  messageId: string;
  to: string;
}

/**
 * A tiny SMTP server for the outbox drill: speaks just enough SMTP for nodemailer (no TLS, no
 * auth), records each message it accepted ("250" sent) by Message-ID, and lets the test decide,
 * per message, whether to accept it now or hold the answer.
 */
export async function smtpStandIn(
  /** Called when a message's data has arrived; resolve to answer "250", or never to hold it. */
  onData: (message: Received, index: number) => Promise<void>,
  /** Called right after a "250" was written for the message. */
  onAccepted: (message: Received, index: number) => void = () => undefined,
): Promise<{ port: number; accepted: Received[]; close(): Promise<void> }> {
  const accepted: Received[] = [];
  const sockets = new Set<Socket>();
  let arrived = 0;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let data = "";
    let to = "";
    const say = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    say("220 stand-in ESMTP");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line !== ".") {
            data += `${line}\n`;
            continue;
          }
          inData = false;
          const message = {
            messageId: /^message-id:\s*(\S+)/im.exec(data)?.[1] ?? "",
            to,
          };
          const index = arrived++;
          void onData(message, index).then(() => {
            if (socket.destroyed) return;
            say("250 2.0.0 queued");
            accepted.push(message);
            onAccepted(message, index);
          });
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") say("250 stand-in");
        else if (verb === "MAIL") say("250 2.1.0 ok");
        else if (verb === "RCPT") {
          to = /<([^>]*)>/.exec(line)?.[1] ?? "";
          say("250 2.1.5 ok");
        } else if (verb === "DATA") {
          inData = true;
          data = "";
          say("354 go ahead");
        } else if (verb === "QUIT") {
          say("221 bye");
          socket.end();
        } else say("250 ok");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
