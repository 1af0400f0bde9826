import { type ErrorCode, isErrorCode, type MessageParams, type Problem } from "@viewvault/shared";
import { DEVICE_ID_HEADER, deviceId, deviceIdNow, needsDeviceId } from "./device-id";
import { dropInlined, takeInlined } from "./inlined-data";

/** Codes the web app adds when the server never answered with one of its own. */
export type ClientErrorCode = "NETWORK_ERROR" | "UNKNOWN";

export type FieldError = { path: string; message: string };

/**
 * An error answered by the API (`{ code, message, params?, field?, fields? }`) or a network
 * failure. Show it with `problemText(t, error.problem)`: the same locale key and parameters the
 * server rendered `message` from, in the member's current language.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly status: number,
    readonly fields?: FieldError[],
    readonly params?: MessageParams,
    readonly field?: string,
  ) {
    super(message);
  }

  /** The refusal as a shared check would have reported it. */
  get problem(): Problem | { code: ClientErrorCode; params?: MessageParams; field?: string } {
    return {
      code: this.code,
      ...(this.params ? { params: this.params } : {}),
      ...(this.field ? { field: this.field } : {}),
    } as Problem;
  }

  /** A refusal (4xx): retrying the same request cannot succeed. */
  get refused(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export type RequestOptions = Omit<RequestInit, "body"> & {
  /** Serialised as JSON; bigint values are sent as strings. */
  json?: unknown;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as `Idempotency-Key` on money-moving requests (from `useIdempotentMutation`). */
  idempotencyKey?: string;
  /**
   * A write that changes nothing a page shows (the presence heartbeat): the document's first
   * data stays good. Every other write makes all of it stale.
   */
  changesNothingShown?: boolean;
};

/** The URL a request goes to: the path and its defined query parameters. */
export function buildUrl(path: string, query?: RequestOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes("?") ? "&" : "?"}${search}` : path;
}

function parseErrorBody(body: unknown, status: number): ApiError {
  if (body && typeof body === "object") {
    const { code, message, fields, params, field } = body as Record<string, unknown>;
    if (isErrorCode(code)) {
      return new ApiError(
        code,
        typeof message === "string" ? message : code,
        status,
        Array.isArray(fields) ? (fields as FieldError[]) : undefined,
        params && typeof params === "object" ? (params as MessageParams) : undefined,
        typeof field === "string" ? field : undefined,
      );
    }
  }
  return new ApiError(status >= 500 ? "INTERNAL" : "UNKNOWN", `HTTP ${status}`, status);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("json")) return text;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Same-origin fetch with cookies, JSON in and out, and typed errors. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { json, query, idempotencyKey, headers, changesNothingShown, ...init } = options;
  // The member's first data may already be in the document (ADR 065); a request that changes
  // something makes all of it stale.
  if ((init.method ?? "GET") === "GET" && json === undefined) {
    const inlined = takeInlined(buildUrl(path, query));
    if (inlined) return inlined.body as T;
  } else if (!changesNothingShown) {
    dropInlined();
  }
  const finalHeaders = new Headers(headers);
  finalHeaders.set("Accept", "application/json");
  if (json !== undefined) finalHeaders.set("Content-Type", "application/json");
  if (idempotencyKey) finalHeaders.set("Idempotency-Key", idempotencyKey);
  // The device signal for the risk score (ADR 048): sign-ins and watch sessions record it.
  const device = needsDeviceId(init.method ?? "GET", path) ? await deviceIdNow() : deviceId();
  if (device) finalHeaders.set(DEVICE_ID_HEADER, device);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      ...init,
      credentials: "include",
      headers: finalHeaders,
      body:
        json === undefined
          ? undefined
          : JSON.stringify(json, (_key, value: unknown) =>
              typeof value === "bigint" ? value.toString() : value,
            ),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError("NETWORK_ERROR", error instanceof Error ? error.message : "fetch failed", 0);
  }

  const body = await readBody(response);
  if (!response.ok) throw parseErrorBody(body, response.status);
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) =>
    apiFetch<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    apiFetch<T>(path, { ...options, method: "POST", json }),
  put: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    apiFetch<T>(path, { ...options, method: "PUT", json }),
  patch: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    apiFetch<T>(path, { ...options, method: "PATCH", json }),
  delete: <T>(path: string, options?: RequestOptions) =>
    apiFetch<T>(path, { ...options, method: "DELETE" }),
};
