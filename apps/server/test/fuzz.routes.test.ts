import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyLedger } from "../src/modules/ledger/verify-ledger";
import { createTestApp, TEST_ORIGIN, type TestApp } from "./app";
import { createSignedInMember, USDT } from "./factories";
import { startOembedStandIn } from "./oembed-stand-in";

/**
 * Hostile requests generated from the OpenAPI document: for every operation, bounded requests
 * built from its parameter and body schemas — wrong types, huge and negative numbers, -0, 1e309,
 * long strings, NUL, unicode, deep JSON, missing and extra fields, valid-looking values — with a
 * fixed-seed generator, so a failure replays exactly. No answer may be a 5xx, and the ledger must
 * still verify afterwards. FUZZ_SEED / FUZZ_PER_OPERATION explore other runs locally.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed_2026);
const PER_OPERATION = Number(process.env.FUZZ_PER_OPERATION ?? 70);
const PER_AUTH_ENDPOINT = Math.ceil(PER_OPERATION / 3);
const SECRET = "test-secret-test-secret-test-secret-1234";
const VIDEO_ID = "dQw4w9WgXcQ";

/** mulberry32: a tiny, good-enough seeded generator. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rng = mulberry32(SEED);
const chance = (p: number) => rng() < p;
const int = (min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
function pick<T>(items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)] as T;
}
/** A version-4-shaped UUID from the seeded generator. */
function uuid(): string {
  const hex = Array.from({ length: 32 }, () => int(0, 15).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${pick(["8", "9", "a", "b"])}${hex.slice(17, 20)}-${hex.slice(20)}`;
}

// ---------------------------------------------------------------------------------------------
// Raw JSON fragments that JSON.stringify cannot produce (1e309, -0, __proto__ keys, deep nesting):
// a placeholder string in the value, swapped for the raw text after stringifying.
const raws: string[] = [];
function raw(text: string): string {
  raws.push(text);
  return `@@RAW${raws.length - 1}@@`;
}
function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(/"@@RAW(\d+)@@"/g, (_m, i) => raws[Number(i)] as string);
}

const nested = (n: number) => "[".repeat(n) + "]".repeat(n);
const nestedObject = (n: number) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`;

const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "x".repeat(10_000),
  "9".repeat(40),
  "92233720368548",
  "9223372036854775808",
  "-1",
  "-0",
  "0",
  "1e309",
  "-1e309",
  "NaN",
  "Infinity",
  "0x1f",
  "1_000",
  "1.0000001",
  "１２３",
  "٣٤",
  "😀".repeat(40),
  "\ud800",
  "\u202eevil",
  "\ufeff100",
  "<script>alert(1)</script>",
  "' OR '1'='1",
  "../../../etc/passwd",
  "%00",
  "%",
  "%E0%A4%A",
  "null",
  "__proto__",
  "constructor",
  "ALL",
  "A".repeat(101),
];

function hostileValue(): unknown {
  return pick<() => unknown>([
    () => pick(HOSTILE_STRINGS),
    () => pick(HOSTILE_STRINGS),
    () => null,
    () => pick([true, false]),
    () => pick([0, -1, 1.5, 2 ** 53, -(2 ** 53), 1e21, Number.MAX_VALUE]),
    () =>
      raw(pick(["1e309", "-1e309", "-0", "1E+400", "1e-400", "123456789012345678901234567890"])),
    () => pick([[], [1, "a"], {}, { a: 1 }]),
    () => raw(pick(['{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"p":1}}}'])),
    () => raw(pick([nested(int(30, 40)), nestedObject(int(30, 40)), nested(5_000)])),
  ])();
}

// ---------------------------------------------------------------------------------------------
type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
};
interface Parameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
}

/** Values that look right for a field, by name, so requests also get past validation. */
interface Pools {
  uuids: string[];
  adminUuids: string[];
  usernames: string[];
  password: string;
}
let pools: Pools;

const AMOUNTS = [
  "1",
  "100",
  "100",
  "150",
  "250",
  "120.5",
  "0.5",
  "12.345678",
  "100,5",
  " 200 ",
  "1000000000",
  "1000000000000",
  "1000000000001",
  "92233720368548",
  "0",
  "0.000001",
  "999999999999.999999",
];

function validString(name: string, schema: Schema): string {
  if (schema.format === "uuid") return pick(pools.uuids);
  if (schema.format === "date-time") return new Date().toISOString();
  if (schema.format === "email") return `fuzz${int(1, 99)}@example.test`;
  switch (name) {
    case "amount":
      return pick(AMOUNTS);
    case "recipient":
    case "query":
      return pick([...pools.usernames, ...pools.uuids, `@${pick(pools.usernames)}`]);
    case "username":
      return pick([...pools.usernames, `fuzz_${int(100, 999)}`, "ab", "has space"]);
    case "url":
      return pick([
        `https://www.youtube.com/watch?v=${VIDEO_ID}`,
        `https://youtu.be/${VIDEO_ID}`,
        "https://www.youtube.com/watch?v=e2eUnknown1",
        "https://vimeo.com/1",
        "javascript:alert(1)",
      ]);
    case "country":
      return pick(["BR", "US", "XX", "ALL"]);
    case "theme":
      return pick(["Music", "Gaming", "Nope", "ALL"]);
    case "cursor":
      return currentPath.startsWith("/api/videos")
        ? pick([`1700000000000000_${uuid()}`, `${Date.now()}000_${uuid()}`, "1"])
        : pick(["1", "25", "9007199254740991", `1700000000000000_${uuid()}`]);
    case "kind":
      return pick(["swap", "transfer", "adjustment", "unknown"]);
    case "walletAddress":
      return pick([
        "TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC",
        "0x52908400098527886E0F7030069857D2E4169EE7",
        "0xnothex",
      ]);
    case "password":
      return pick([pools.password, "wrong-password-1"]);
    case "code":
      return pick(["123456", "12345", "abcdef"]);
    case "callbackURL":
      return pick(["/dashboard?verified=1", `${TEST_ORIGIN}/x`, "//evil.example", "abc"]);
    case "idempotency-key":
      return chance(0.8) ? uuid() : pick(["short", "k".repeat(101), "with space key"]);
    case "email":
      return pick([`fuzz${int(1, 9999)}@example.test`, "not-an-email"]);
    case "name":
      return `fuzz${int(1, 9999)}`;
    case "newPassword":
      return pick(["violet-lantern-42", "123456", "x"]);
    case "token":
      return pick([uuid(), "a.b.c"]);
    default: {
      const length = int(schema.minLength ?? 0, Math.min(schema.maxLength ?? 12, 40));
      return "abcdefghij".repeat(4).slice(0, length);
    }
  }
}

function generate(schema: Schema | undefined, name: string, depth: number): unknown {
  const s = resolve(schema ?? {});
  const variants = s.anyOf ?? s.oneOf;
  if (variants?.length) return generate(pick(variants), name, depth);
  if (s.allOf?.length) return generate(s.allOf[0], name, depth);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return chance(hostileRate / 2) ? `${String(pick(s.enum))}x` : pick(s.enum);
  const type = Array.isArray(s.type) ? pick(s.type) : s.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      const required = new Set(s.required ?? []);
      for (const [key, child] of Object.entries(s.properties ?? {})) {
        if (!required.has(key) && chance(0.4)) continue;
        if (required.has(key) && chance(0.05)) continue; // a missing required field
        out[key] =
          chance(hostileRate) || depth > 6 ? hostileValue() : generate(child, key, depth + 1);
      }
      if (chance(hostileRate / 2)) {
        out[pick(["extra", "__proto__x", "amount", "a\u0000"])] = hostileValue();
      }
      return out;
    }
    case "array":
      return Array.from({ length: int(0, 3) }, () => generate(s.items, name, depth + 1));
    case "integer":
    case "number": {
      const min = s.minimum ?? -5;
      const max = Math.min(s.maximum ?? 1_000, 1_000_000);
      return int(min, max);
    }
    case "boolean":
      return chance(0.5);
    case "null":
      return null;
    default:
      return validString(name, s);
  }
}

let components: Record<string, Schema> = {};
function resolve(schema: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 10 && s.$ref; i++) {
    s = components[s.$ref.replace("#/components/schemas/", "")] ?? {};
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
function paramText(p: Parameter): string | undefined {
  if (!p.required && chance(0.3)) return undefined;
  const value = chance(hostileRate) ? hostileValue() : generate(p.schema, p.name, 0);
  const text = typeof value === "string" ? value : toJsonText(value);
  return text.replace(/@@RAW(\d+)@@/g, (_m, i) => raws[Number(i)] as string);
}

/** Percent-encodes, except sometimes (raw characters, broken escapes) as a hostile client would. */
function encode(text: string): string {
  if (chance(0.15)) return text.replace(/[\s#?&/]/g, (c) => encodeURIComponent(c));
  try {
    return encodeURIComponent(text);
  } catch {
    return text; // a lone surrogate
  }
}

const BODY_TEXTS = [
  "",
  "not json",
  "{",
  "[]",
  "null",
  "1e309",
  '"text"',
  "{}",
  '{"a":1,"a":2}',
  "\ufeff{}",
  nested(33),
  nested(5_000),
  nested(300_000),
  nestedObject(40),
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"k\\u0000":1}',
  '["\\u0000"]',
  "x".repeat(1_100_000),
];
const CONTENT_TYPES = [
  "application/json",
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "application/json; charset=latin1",
  "multipart/form-data; boundary=x",
  "application/JSON",
  "application/json, text/plain",
  undefined,
];

interface Actor {
  cookie: string;
  ip: () => string;
}
let member: Actor;
let admin: Actor;
const anonymous: Actor = { cookie: "", ip: () => `10.77.${int(0, 255)}.${int(1, 254)}` };
const forged: Actor = { cookie: "vv.session_token=forged.c2lnbmF0dXJl", ip: anonymous.ip };

/**
 * How hostile the request being built is: "valid" requests look right everywhere (they reach
 * the services and move money), "mutant" ones have a hostile value here and there, "chaos" ones
 * are hostile throughout (raw bodies, odd content types, other actors).
 */
let hostileRate = 0;
let currentPath = "";

/** One boundary case: a single parameter, body field or whole body hostile, the rest valid. */
type Edge =
  | { param: string; value: string }
  | { field: string; value: unknown }
  | { bodyText: string };

const EDGE_STRINGS = [
  "\u0000",
  "a\u0000b",
  "9223372036854775807",
  "92233720368548",
  "99999999999999999999999",
  "-1",
  "-0",
  "1e309",
  "x".repeat(5_000),
  "😀\ud800",
  "",
];
const EDGE_VALUES: unknown[] = [
  ...EDGE_STRINGS,
  raw("1e309"),
  raw("-0"),
  null,
  1e19,
  [],
  {},
  raw(nested(5_000)),
];
const EDGE_BODIES = [
  "",
  "null",
  "[]",
  nested(33),
  nested(5_000),
  nestedObject(5_000),
  '{"a":"\\u0000"}',
];

/** Every parameter and body field of the operation with each boundary value, and odd bodies. */
function edgeCases(op: Operation, fields?: string[]): Edge[] {
  const cases: Edge[] = [];
  for (const p of op.parameters)
    for (const value of EDGE_STRINGS) cases.push({ param: p.name, value });
  const props = fields ?? Object.keys(resolve(op.body ?? {}).properties ?? {});
  for (const field of props) for (const value of EDGE_VALUES) cases.push({ field, value });
  if (op.method !== "get") for (const bodyText of EDGE_BODIES) cases.push({ bodyText });
  return cases;
}

function buildRequest(op: Operation, edge?: Edge): InjectOptions {
  const mode = edge ? "valid" : pick(["valid", "valid", "mutant", "mutant", "chaos"] as const);
  hostileRate = { valid: 0, mutant: 0.15, chaos: 0.4 }[mode];
  currentPath = op.path;
  const adminRoute = op.path.startsWith("/api/admin/");
  const actor =
    mode !== "chaos"
      ? adminRoute
        ? admin
        : member
      : pick(adminRoute ? [admin, member, anonymous, forged] : [member, member, anonymous, forged]);
  const ids = adminRoute ? pools.adminUuids : pools.uuids;

  let path = op.path;
  const query: string[] = [];
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  for (const p of op.parameters) {
    if (edge && "param" in edge && edge.param === p.name) {
      const encoded = encodeURIComponent(edge.value.replace(/[\ud800-\udfff]/g, "\ufffd"));
      if (p.in === "path") path = path.replace(`{${p.name}}`, encoded);
      else if (p.in === "query") query.push(`${encodeURIComponent(p.name)}=${encoded}`);
      else if (/^[\t\x20-\x7e]*$/.test(edge.value)) headers[p.name] = edge.value;
    } else if (p.in === "path") {
      const value =
        p.schema.format === "uuid" || /id$/i.test(p.name)
          ? chance(1 - hostileRate)
            ? pick([...ids, ...ids, uuid()])
            : pick([paramText(p) ?? "", "not-a-uuid", "%E0%A4%A", ids[0]?.toUpperCase() ?? ""])
          : (paramText(p) ?? "");
      path = path.replace(`{${p.name}}`, value === "%E0%A4%A" ? value : encode(value));
    } else if (p.in === "query") {
      const value = paramText(p);
      if (value === undefined) continue;
      query.push(`${encodeURIComponent(p.name)}=${encode(value)}`);
      if (chance(hostileRate / 4)) query.push(`${encodeURIComponent(p.name)}=${encode(value)}`);
    } else if (p.in === "header") {
      const value = paramText(p);
      // Header values are bytes on the wire: only what Node can send.
      if (value !== undefined && /^[\t\x20-\x7e]*$/.test(value)) headers[p.name] = value;
    }
  }
  if (chance(0.05)) query.push(`${encode(pick(HOSTILE_STRINGS))}=${encode(pick(HOSTILE_STRINGS))}`);

  let payload: string | undefined;
  const mayHaveBody = !["get", "head", "delete"].includes(op.method);
  if (edge && "bodyText" in edge) {
    if (mayHaveBody) {
      payload = edge.bodyText;
      headers["content-type"] = "application/json";
    }
  } else if (edge && "field" in edge) {
    const body = op.body ? generate(op.body, "body", 0) : {};
    payload = toJsonText({ ...(body as object), [edge.field]: edge.value });
    headers["content-type"] = "application/json";
  } else if (mayHaveBody && (op.body || chance(hostileRate))) {
    const r = rng();
    payload =
      r < hostileRate / 2
        ? pick(BODY_TEXTS)
        : r < hostileRate
          ? toJsonText(hostileValue())
          : toJsonText(op.body ? generate(op.body, "body", 0) : pick([{}, { extra: 1 }]));
    const type = mode === "chaos" ? pick(CONTENT_TYPES) : "application/json";
    if (type) headers["content-type"] = type;
  }
  if (actor.cookie) headers.cookie = actor.cookie;
  const url = query.length ? `${path}?${query.join("&")}` : path;
  return {
    method: op.method.toUpperCase() as InjectOptions["method"],
    url,
    headers,
    remoteAddress: actor.ip(),
    ...(payload !== undefined ? { payload } : {}),
  };
}

/** Better Auth's endpoints are hidden from the OpenAPI document; these take their input. */
const AUTH_FIELDS: Schema = {
  type: "object",
  required: ["email", "password", "name", "username"],
  properties: {
    ...Object.fromEntries(
      [
        "email",
        "password",
        "name",
        "username",
        "newPassword",
        "currentPassword",
        "token",
        "code",
        "callbackURL",
        "referralId",
      ].map((k) => [k, { type: "string" }]),
    ),
    rememberMe: { type: "boolean" },
    locale: { enum: ["en", "pt-BR"] },
  },
};
/** What the passkey endpoints take (ADR 070): a WebAuthn credential as the browser sends it. */
const PASSKEY_FIELDS: Schema = {
  type: "object",
  required: ["response"],
  properties: {
    id: { type: "string" },
    name: { type: "string" },
    response: {
      type: "object",
      required: ["id", "rawId", "type", "response"],
      properties: {
        id: { type: "string" },
        rawId: { type: "string" },
        type: { enum: ["public-key", "x"] },
        authenticatorAttachment: { type: "string" },
        response: {
          type: "object",
          properties: Object.fromEntries(
            [
              "clientDataJSON",
              "attestationObject",
              "authenticatorData",
              "signature",
              "userHandle",
            ].map((k) => [k, { type: "string" }]),
          ),
        },
      },
    },
  },
};
const PASSKEY_OPERATIONS: Operation[] = [
  "/api/auth/passkey/verify-registration",
  "/api/auth/passkey/verify-authentication",
  "/api/auth/passkey/delete-passkey",
  "/api/auth/passkey/update-passkey",
]
  .map((path): Operation => ({ method: "post", path, parameters: [], body: PASSKEY_FIELDS }))
  .concat(
    [
      "/api/auth/passkey/generate-register-options",
      "/api/auth/passkey/generate-authenticate-options",
    ].map(
      (path): Operation => ({
        method: "get",
        path,
        parameters: [{ in: "query", name: "name", schema: { type: "string" } }],
      }),
    ),
  );
const AUTH_OPERATIONS: Operation[] = [
  "/api/auth/sign-up/email",
  "/api/auth/sign-in/email",
  "/api/auth/sign-in/username",
  "/api/auth/request-password-reset",
  "/api/auth/reset-password",
  "/api/auth/send-verification-email",
  "/api/auth/two-factor/verify-totp",
  "/api/auth/sign-out",
]
  .map((path): Operation => ({ method: "post", path, parameters: [], body: AUTH_FIELDS }))
  .concat(
    ["/api/auth/verify-email", "/api/auth/get-session", "/api/auth/reset-password/{token}"].map(
      (path): Operation => ({
        method: "get",
        path,
        parameters: [
          { in: "query", name: "token", schema: { type: "string" } },
          { in: "query", name: "callbackURL", schema: { type: "string" } },
          ...(path.includes("{token}")
            ? [{ in: "path" as const, name: "token", schema: { type: "string" } }]
            : []),
        ],
      }),
    ),
  );

// ---------------------------------------------------------------------------------------------
let t: TestApp;
let oembed: Awaited<ReturnType<typeof startOembedStandIn>>;

beforeAll(async () => {
  oembed = await startOembedStandIn({ [VIDEO_ID]: "Fuzzed video" });
  t = await createTestApp({ env: { BETTER_AUTH_SECRET: SECRET, OEMBED_URL: oembed.url } });
  const _db = t.database.db;
  const m = await createSignedInMember(t.app, { views: 1_000_000n, usdt: USDT(100_000) });
  const other = await createSignedInMember(t.app, { views: 1_000n });
  const victim = await createSignedInMember(t.app);
  const a = await createSignedInMember(t.app, { role: "admin", twoFactor: true });

  // Something real to point at: a video of another member and a watch session on it.
  const video = await other.c.request("POST", "/api/videos", {
    url: `https://youtu.be/${VIDEO_ID}`,
    country: "BR",
    theme: "Music",
  });
  expect(video.statusCode, video.body).toBe(201);
  const videoId = video.json().video.id as string;
  const session = await m.c.request("POST", `/api/videos/${videoId}/sessions`);
  expect(session.statusCode, session.body).toBe(201);

  const ip = () => `10.66.${int(0, 255)}.${int(1, 254)}`;
  member = { cookie: m.c.cookie, ip };
  admin = { cookie: a.c.cookie, ip };
  pools = {
    uuids: [videoId, session.json().id, other.profile.id, m.profile.id, uuid()],
    // Not the fuzzing member nor the recipient of its transfers: an admin may suspend these.
    adminUuids: [victim.profile.id, uuid()],
    usernames: [other.profile.username, m.profile.username, victim.profile.username],
    password: m.user.password,
  };
});
afterAll(async () => {
  await t.close();
  await oembed.close();
});

describe("fuzzing every operation of the OpenAPI document", () => {
  it("never answers 5xx, and the ledger still verifies", async () => {
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
      components?: { schemas?: Record<string, Schema> };
    };
    components = doc.components?.schemas ?? {};
    const operations: Operation[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      // The test clock is not part of the product; the SSE stream never ends (inject would wait).
      if (path.startsWith("/api/test/") || path === "/api/balances/stream") continue;
      for (const [method, op] of Object.entries(methods)) {
        const body = (
          op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined
        )?.content?.["application/json"]?.schema;
        operations.push({
          method,
          path,
          parameters: op.parameters ?? [],
          ...(body ? { body } : {}),
        });
      }
    }
    expect(operations.length).toBeGreaterThan(25);

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    const plan: Array<[Operation, number, Edge[]]> = [
      ...operations.map((op): [Operation, number, Edge[]] => [op, PER_OPERATION, edgeCases(op)]),
      ...AUTH_OPERATIONS.map((op): [Operation, number, Edge[]] => [
        op,
        PER_AUTH_ENDPOINT,
        edgeCases(op, ["email", "password", "callbackURL"]),
      ]),
      ...PASSKEY_OPERATIONS.map((op): [Operation, number, Edge[]] => [
        op,
        PER_AUTH_ENDPOINT,
        edgeCases(op, ["response", "id", "name"]),
      ]),
    ];
    const perOperation: Record<string, Record<string, number>> = {};
    for (const [op, count, edges] of plan) {
      const seen: Record<string, number> = {};
      perOperation[`${op.method.toUpperCase()} ${op.path}`] = seen;
      const started = performance.now();
      for (let i = 0; i < count + edges.length; i++) {
        const request = buildRequest(op, edges[i - count]);
        const res = await t.app.inject(request);
        sent++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1;
        seen.ms = Math.round(performance.now() - started);
        if (process.env.FUZZ_DEBUG && op.path === process.env.FUZZ_DEBUG)
          console.log(res.statusCode, request.url, request.payload, res.body.slice(0, 150));
        if (res.statusCode >= 500) {
          const payload =
            typeof request.payload === "string" && request.payload.length > 300
              ? `${request.payload.slice(0, 300)}… (${request.payload.length} chars)`
              : request.payload;
          failures.push(
            `${res.statusCode} ← ${request.method} ${String(request.url).slice(0, 300)} ${JSON.stringify(
              request.headers,
            )} ${JSON.stringify(payload)} → ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    if (process.env.FUZZ_VERBOSE) {
      console.table(perOperation);
      console.log(`${sent} requests, seed ${SEED}`);
    }
    if (failures.length) console.error(`5xx answers (seed ${SEED}):\n${failures.join("\n")}`);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(2_000);
    // Most requests must get past the edge too, or the fuzzing proves little.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(sent / 10);

    const report = await verifyLedger(t.database.db);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    // The work is bounded by the request count above; the limit only stops a hang (2 shared cores).
  }, 600_000);
});
