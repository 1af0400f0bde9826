// Web Push in the service worker (ADR 059), imported by the generated sw.js
// (vite.config.ts, workbox.importScripts). The payload is the server's TPushPayload: the texts
// are already in the member's language; a click opens (or focuses) the page where it happened.
self.addEventListener("push", (event) => {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  if (!payload || typeof payload.title !== "string") return;
  const url =
    typeof payload.url === "string" && payload.url.startsWith("/") ? payload.url : "/notifications";
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: typeof payload.body === "string" ? payload.body : "",
      tag: typeof payload.id === "string" ? payload.id : undefined,
      icon: "/icons/icon-192.png",
      badge: "/icons/maskable-192.png",
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = event.notification.data?.url || "/notifications";
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && "focus" in client) {
          return client
            .focus()
            .then((focused) =>
              focused && "navigate" in focused ? focused.navigate(target) : undefined,
            );
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
