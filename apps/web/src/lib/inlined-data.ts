import { inlineKey } from "@viewvault/shared";

/**
 * The first page of data the server put into a member page's document (ADR 065): a JSON block
 * `#vv-data` of API answers by URL. The api-client answers the first GET of each URL from it,
 * once, and only shortly after the page loaded and before any change (a POST, PUT, PATCH or
 * DELETE), sign-in, sign-out or move to another page; later reads always go to the network.
 */
const MAX_AGE_MS = 30_000;

let inlined: Map<string, unknown> | undefined;
let readAt = 0;

function load(): Map<string, unknown> {
  if (inlined) return inlined;
  inlined = new Map();
  readAt = performance.now();
  if (typeof document === "undefined") return inlined;
  const block = document.getElementById("vv-data");
  if (!block?.textContent) return inlined;
  try {
    const reads = JSON.parse(block.textContent) as Record<string, unknown>;
    for (const [url, body] of Object.entries(reads)) inlined.set(url, body);
  } catch {
    // A broken block: every read goes to the network.
  }
  block.remove();
  return inlined;
}

/** The inlined answer to this GET, taken (it answers once); undefined: ask the network. */
export function takeInlined(url: string): { body: unknown } | undefined {
  const reads = load();
  if (!reads.size || performance.now() - readAt > MAX_AGE_MS) return undefined;
  const key = inlineKey(url);
  if (!reads.has(key)) return undefined;
  const body = reads.get(key);
  reads.delete(key);
  return { body };
}

/**
 * The server's render of a member page (ADR 084) starts from the same answers the document
 * carries: `reads` by URL, as `#vv-data` holds them; undefined forgets them again.
 */
export function provideInlined(reads: Record<string, unknown> | undefined): void {
  inlined = new Map(Object.entries(reads ?? {}));
  readAt = performance.now();
}

/** Forgets every inlined answer (a sign-in or sign-out: they were another session's). */
export function dropInlined(): void {
  load().clear();
}

/**
 * The inlined answer to this GET as a query's `initialData` (taken once, as `takeInlined`): the
 * page's first render shows it, instead of a skeleton that the answer replaces a moment later —
 * which moved every card below it (the dashboard's layout shift, ADR 076) and cost a render.
 */
export function inlinedInitialData<T>(url: string): T | undefined {
  return takeInlined(url)?.body as T | undefined;
}
