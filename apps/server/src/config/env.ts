import { isIP } from "node:net";
import path from "node:path";
import {
  CAPTCHA_PROVIDERS,
  isValidWalletAddress,
  NETWORKS,
  type Network,
  parseUsdt,
} from "@viewvault/shared";
import { z } from "zod";
import { Redacted } from "../lib/redacted";

const bool = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""])
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

/** An empty value (as in a copied .env.example) means "not set". */
const unsetIfEmpty = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalBool = z.preprocess(unsetIfEmpty, bool.optional());

const optionalUrl = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.url().optional(),
);

/** proxy-addr's names for address ranges (accepted in a TRUST_PROXY list, as Fastify does). */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An IP address, an address/prefix range (CIDR) or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-For entries to believe: off, a hop count (the app is reachable only
 * through that many proxies) or the proxies' own addresses/CIDRs. Never "every hop": the
 * left-most entries are written by the client, so trusting them lets anyone choose the address
 * that rate limits and the referral network check see.
 */
const trustProxy = z
  .string()
  .default("")
  .transform((raw, ctx): TrustProxy => {
    const value = raw.trim().toLowerCase();
    if (["", "false", "0", "no", "off"].includes(value)) return false;
    if (["true", "yes", "on", "all", "*"].includes(value)) {
      ctx.addIssue({
        code: "custom",
        message: `"${raw.trim()}" is refused: it believes every X-Forwarded-For entry, and clients write the left-most ones; give the number of proxies in front of the app (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.2,10.1.0.0/16)`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 16) {
        ctx.addIssue({ code: "custom", message: "give at most 16 proxy hops" });
        return z.NEVER;
      }
      return hops;
    }
    const entries = raw
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const invalid = entries.filter((entry) => !isProxyAddress(entry));
    if (invalid.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `${invalid.join(", ")}: not a proxy address; give the number of proxies in front of the app (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.2,10.1.0.0/16)`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** Off, a number of proxy hops, or the proxies' addresses/CIDRs. */
export type TrustProxy = false | number | string[];

// ---- Payouts on chain (ADR 057) ----

/** An optional value with a default: empty (as in a copied .env.example) means the default. */
function orDefault<T extends z.ZodType>(schema: T) {
  return z.preprocess(unsetIfEmpty, schema);
}
const evmAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
const tronAddress = z
  .string()
  .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, "must be a base58 Tron address (T…)");
const confirmations = z.coerce.number().int().min(1).max(1_000);
const explorerTemplate = z
  .url()
  .refine((v) => v.includes("{hash}"), "must contain {hash} where the transaction hash goes");
const chainId = z.coerce.number().int().min(1);
const tokenDecimals = z.coerce.number().int().min(0).max(36);
/** A daily cap in USDT ("5000", "2500.50") → micro-USDT. */
const usdtCap = z.string().transform((v, ctx) => {
  const micro = parseUsdt(v.trim());
  if (micro === null || micro <= 0n) {
    ctx.addIssue({ code: "custom", message: "must be a positive USDT amount, e.g. 5000" });
    return z.NEVER;
  }
  return micro;
});
/** A hot wallet's private key: 32 bytes in hex. The message never repeats the value. */
const privateKey = z
  .string()
  .transform((v) => v.trim())
  .refine(
    (v) => /^(0x)?[0-9a-fA-F]{64}$/.test(v),
    "must be a 32-byte hex private key (the value is not shown)",
  )
  .transform((v) => new Redacted((v.startsWith("0x") ? v : `0x${v}`) as `0x${string}`));
const secretString = z.string().transform((v) => new Redacted(v.trim()));

/** Where a hot wallet's key comes from: the variable itself or a file holding the hex key. */
export type PayoutKeySource = { key: Redacted<`0x${string}`> } | { file: string };

export interface EvmChainConfig {
  network: "ERC20" | "BEP20";
  rpcUrl: string;
  token: string;
  /** Unset: read once from the contract's decimals(). */
  tokenDecimals: number | undefined;
  confirmations: number;
  explorer: string;
  /** Unset: not checked; set: the node's eth_chainId must match (first use). */
  chainId: number | undefined;
  payoutKey: PayoutKeySource | null;
  /** Hot-wallet outflow per UTC day (enforced by the payout flow); null = no cap. */
  dailyCapMicroUsdt: bigint | null;
}

export interface TronChainConfig {
  network: "TRC20";
  /** Base URL of Tron's HTTP API (a full node's /wallet and /walletsolidity, e.g. TronGrid). */
  rpcUrl: string;
  token: string;
  explorer: string;
  /** TronGrid's TRON-PRO-API-KEY header, when the endpoint wants one. */
  apiKey: Redacted | null;
}

/** The networks with an RPC configured; a missing one stays in manual mode. */
export interface ChainsConfig {
  ERC20?: EvmChainConfig;
  BEP20?: EvmChainConfig;
  TRC20?: TronChainConfig;
}

const CHAIN_DEFAULTS = {
  ERC20: {
    token: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
    confirmations: 12,
    explorer: "https://etherscan.io/tx/{hash}",
  },
  BEP20: {
    token: "0x55d398326f99059fF775485246999027B3197955",
    confirmations: 15,
    explorer: "https://bscscan.com/tx/{hash}",
  },
  TRC20: {
    token: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    explorer: "https://tronscan.org/#/transaction/{hash}",
  },
} as const;

const chainVariables = {
  CHAIN_ERC20_RPC_URL: optionalUrl,
  CHAIN_ERC20_TOKEN: orDefault(evmAddress.default(CHAIN_DEFAULTS.ERC20.token)),
  CHAIN_ERC20_TOKEN_DECIMALS: orDefault(tokenDecimals.optional()),
  CHAIN_ERC20_CONFIRMATIONS: orDefault(confirmations.default(CHAIN_DEFAULTS.ERC20.confirmations)),
  CHAIN_ERC20_EXPLORER: orDefault(explorerTemplate.default(CHAIN_DEFAULTS.ERC20.explorer)),
  CHAIN_ERC20_CHAIN_ID: orDefault(chainId.optional()),
  CHAIN_ERC20_DAILY_CAP_USDT: orDefault(usdtCap.optional()),
  PAYOUT_KEY_ERC20: orDefault(privateKey.optional()),
  PAYOUT_KEY_FILE_ERC20: orDefault(z.string().optional()),
  CHAIN_BEP20_RPC_URL: optionalUrl,
  CHAIN_BEP20_TOKEN: orDefault(evmAddress.default(CHAIN_DEFAULTS.BEP20.token)),
  CHAIN_BEP20_TOKEN_DECIMALS: orDefault(tokenDecimals.optional()),
  CHAIN_BEP20_CONFIRMATIONS: orDefault(confirmations.default(CHAIN_DEFAULTS.BEP20.confirmations)),
  CHAIN_BEP20_EXPLORER: orDefault(explorerTemplate.default(CHAIN_DEFAULTS.BEP20.explorer)),
  CHAIN_BEP20_CHAIN_ID: orDefault(chainId.optional()),
  CHAIN_BEP20_DAILY_CAP_USDT: orDefault(usdtCap.optional()),
  PAYOUT_KEY_BEP20: orDefault(privateKey.optional()),
  PAYOUT_KEY_FILE_BEP20: orDefault(z.string().optional()),
  CHAIN_TRC20_RPC_URL: optionalUrl,
  CHAIN_TRC20_TOKEN: orDefault(tronAddress.default(CHAIN_DEFAULTS.TRC20.token)),
  CHAIN_TRC20_EXPLORER: orDefault(explorerTemplate.default(CHAIN_DEFAULTS.TRC20.explorer)),
  CHAIN_TRC20_API_KEY: orDefault(secretString.optional()),
};

export const ZEnv = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().default("0.0.0.0"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Unset: http://localhost:<PORT>. */
    PUBLIC_URL: optionalUrl,
    TRUSTED_ORIGINS: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url())),
    TRUST_PROXY: trustProxy,
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    DATABASE_URL: optionalUrl,
    /** A streaming replica for reads that may be seconds old (ADR 049); falls back to the primary. */
    DATABASE_REPLICA_URL: optionalUrl,
    DATA_DIR: z.string().default("./.data"),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
    /** Worker processes sharing the port (PostgreSQL only; the embedded database has one connection). */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** On SIGTERM: how long /api/health answers "draining" while requests are still served. */
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** On SIGTERM: the most the drain may take (requests in flight, jobs) before the process exits. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(10_000),
    SEED_DEMO: optionalBool,
    RATE_LIMIT_STORE: z.enum(["database", "redis"]).default("database"),
    /** API requests per minute per client address (sign-in and other auth routes have their own, stricter limits). */
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
    REDIS_URL: optionalUrl,
    WEB_DIST: z.string().optional(),
    BETTER_AUTH_SECRET: z.preprocess(
      unsetIfEmpty,
      z.string().min(32, "must be at least 32 characters").optional(),
    ),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default("ViewVault <no-reply@viewvault.local>"),
    /** The support inbox: told of every withdrawal request (unset: no copy is sent). */
    SUPPORT_EMAIL: z.preprocess(unsetIfEmpty, z.email().optional()),
    DEV_MAILBOX: optionalBool,
    /** YouTube's public oEmbed endpoint (tests point it at a local stand-in). */
    OEMBED_URL: z.url().default("https://www.youtube.com/oembed"),
    /**
     * Refuse passwords listed in Have I Been Pwned (only 5 hex characters of their SHA-1 leave;
     * lib/password-breach.ts). Unset: on in production, off elsewhere.
     */
    PASSWORD_BREACH_CHECK: optionalBool,
    /** The range API the breach check asks (tests point it at a local stand-in). */
    PASSWORD_BREACH_API_URL: z.url().default("https://api.pwnedpasswords.com/range/"),
    OEMBED_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
    /**
     * Script URL of the YouTube IFrame Player API, whose player events time the content (ADR 046);
     * the journeys point it at a local stand-in. Its origin is allowed in the CSP.
     */
    YOUTUBE_IFRAME_API_URL: z.url().default("https://www.youtube.com/iframe_api"),
    /** Script URL of an ad network's tag for the watch page's ad slot; unset shows the house ad. */
    AD_NETWORK_TAG: optionalUrl,
    /**
     * An extra human check for high-risk members' watch completions (ADR 046): hCaptcha or
     * Cloudflare Turnstile, with the site key and secret of its dashboard. Unset: off (default).
     */
    CAPTCHA_PROVIDER: z.preprocess(unsetIfEmpty, z.enum(CAPTCHA_PROVIDERS).optional()),
    CAPTCHA_SITE_KEY: z.preprocess(unsetIfEmpty, z.string().max(200).optional()),
    CAPTCHA_SECRET: z.preprocess(unsetIfEmpty, z.string().max(500).optional()),
    /** The provider's siteverify endpoint and widget script (defaults: the provider's own). */
    CAPTCHA_VERIFY_URL: optionalUrl,
    CAPTCHA_SCRIPT_URL: optionalUrl,
    CAPTCHA_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
    /**
     * Bearer token that Prometheus presents to GET /api/metrics; unset, the endpoint does not
     * exist (404).
     */
    METRICS_TOKEN: z.preprocess(
      unsetIfEmpty,
      z.string().min(24, "must be at least 24 characters").optional(),
    ),
    /**
     * Web Push (ADR 059): the VAPID key pair (base64url, from `npx web-push generate-vapid-keys`)
     * and the contact the push services see (mailto: or https:). Required in production; elsewhere
     * a pair is generated into DATA_DIR.
     */
    VAPID_PUBLIC_KEY: z.preprocess(unsetIfEmpty, z.string().max(200).optional()),
    VAPID_PRIVATE_KEY: z.preprocess(unsetIfEmpty, z.string().max(200).optional()),
    VAPID_SUBJECT: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .regex(/^(mailto:|https:\/\/)/, "must start with mailto: or https://")
        .optional(),
    ),
    /**
     * Tests only: accept push endpoints on http and private or loopback addresses (a local mock
     * push service). Refused in production.
     */
    PUSH_ALLOW_PRIVATE_ENDPOINTS: bool.default(false),
    /**
     * Passkeys (ADR 070): the WebAuthn relying-party ID. Unset: the host name of PUBLIC_URL. Set, it
     * must be that host or a parent domain of it (production refuses to start otherwise).
     */
    PASSKEY_RP_ID: z.preprocess(unsetIfEmpty, z.string().max(253).optional()),
    /** End-to-end tests only: POST /api/test/clock moves the server clock (needs NODE_ENV=test). */
    E2E_CLOCK: bool.default(false),
    /**
     * Crash drills only (npm run test:ops, ADR 058): the process kills itself (SIGKILL) right
     * after a hot-wallet send committed ("signed") or right after it was broadcast ("broadcast").
     * Needs NODE_ENV=test.
     */
    PAYOUT_CRASH_DRILL: z.enum(["signed", "broadcast"]).optional(),
    /** Proof of reserves (ADR 067): the UTC hour of the daily snapshot. */
    RESERVES_SNAPSHOT_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(3),
    /**
     * Proof of reserves (ADR 068): addresses staff list as reserves besides the hot wallets,
     * `NETWORK:address` separated by commas (e.g. `ERC20:0xabc…,TRC20:T…`); the network needs
     * its CHAIN_<NET>_RPC_URL. Shown with their balance; counted only once signed.
     */
    RESERVE_ADDRESSES: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .max(4000)
        .transform((value, ctx) => {
          const out: { network: Network; address: string }[] = [];
          for (const item of value
            .split(",")
            .map((i) => i.trim())
            .filter(Boolean)) {
            const [network, address = ""] = item.split(":", 2) as [string, string?];
            if (!(NETWORKS as readonly string[]).includes(network)) {
              ctx.addIssue({ code: "custom", message: `${network} is not TRC20, ERC20 or BEP20` });
              continue;
            }
            if (!isValidWalletAddress(network as Network, address)) {
              ctx.addIssue({ code: "custom", message: `${address} is not a ${network} address` });
              continue;
            }
            out.push({ network: network as Network, address });
          }
          return out;
        })
        .optional(),
    ),
    ...chainVariables,
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.BETTER_AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["BETTER_AUTH_SECRET"],
        message: "is required in production (32+ random characters, the same on every instance)",
      });
    }
    if (env.NODE_ENV === "production" && (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"],
        message:
          "is required in production (npx web-push generate-vapid-keys; the same pair on every instance)",
      });
    }
    const rpIdProblem = passkeyRpIdProblem(env.PUBLIC_URL, env.PASSKEY_RP_ID);
    if (rpIdProblem && env.NODE_ENV === "production") {
      ctx.addIssue({ code: "custom", path: ["PASSKEY_RP_ID"], message: rpIdProblem });
    }
    if (env.PUSH_ALLOW_PRIVATE_ENDPOINTS && env.NODE_ENV === "production") {
      ctx.addIssue({
        code: "custom",
        path: ["PUSH_ALLOW_PRIVATE_ENDPOINTS"],
        message: "is a test-only allowance, refused in production",
      });
    }
    if (env.RATE_LIMIT_STORE === "redis" && !env.REDIS_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["REDIS_URL"],
        message: "is required when RATE_LIMIT_STORE=redis",
      });
    }
    if (env.PAYOUT_CRASH_DRILL && env.NODE_ENV !== "test") {
      ctx.addIssue({
        code: "custom",
        path: ["PAYOUT_CRASH_DRILL"],
        message: "is only allowed with NODE_ENV=test",
      });
    }
    if (env.E2E_CLOCK && env.NODE_ENV !== "test") {
      ctx.addIssue({
        code: "custom",
        path: ["E2E_CLOCK"],
        message: "is only allowed with NODE_ENV=test",
      });
    }
    if (env.CAPTCHA_PROVIDER && (!env.CAPTCHA_SITE_KEY || !env.CAPTCHA_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.CAPTCHA_SITE_KEY ? "CAPTCHA_SECRET" : "CAPTCHA_SITE_KEY"],
        message: "is required when CAPTCHA_PROVIDER is set",
      });
    }
    if (env.AD_NETWORK_TAG && !env.AD_NETWORK_TAG.startsWith("https://")) {
      ctx.addIssue({ code: "custom", path: ["AD_NETWORK_TAG"], message: "must be an https URL" });
    }
    for (const net of ["ERC20", "BEP20"] as const) {
      const hasKey = env[`PAYOUT_KEY_${net}`] !== undefined;
      const hasFile = env[`PAYOUT_KEY_FILE_${net}`] !== undefined;
      if (hasKey && hasFile) {
        ctx.addIssue({
          code: "custom",
          path: [`PAYOUT_KEY_FILE_${net}`],
          message: `set either PAYOUT_KEY_${net} or PAYOUT_KEY_FILE_${net}, not both`,
        });
      }
      if ((hasKey || hasFile) && !env[`CHAIN_${net}_RPC_URL`]) {
        ctx.addIssue({
          code: "custom",
          path: [`CHAIN_${net}_RPC_URL`],
          message: `is required when a hot-wallet key is set for ${net}`,
        });
      }
    }
  })
  .transform(({ PAYOUT_KEY_ERC20, PAYOUT_KEY_BEP20, CHAIN_TRC20_API_KEY, ...env }) => ({
    ...env,
    /** The networks verified on chain (ADR 057); the keys live only here, redacted. */
    chains: chainsConfig(
      env,
      { ERC20: PAYOUT_KEY_ERC20, BEP20: PAYOUT_KEY_BEP20 },
      CHAIN_TRC20_API_KEY,
    ),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    DATA_DIR: path.resolve(env.DATA_DIR),
    /** The embedded database is used when no DATABASE_URL is set. */
    embedded: env.DATABASE_URL === undefined,
    /** Demo data: on by default on the embedded database, off on PostgreSQL unless asked. */
    seedDemo: env.SEED_DEMO ?? env.DATABASE_URL === undefined,
    /** The breached-password check: on by default in production only. */
    passwordBreachCheck: env.PASSWORD_BREACH_CHECK ?? env.NODE_ENV === "production",
    /** The development mailbox shows reset links: only on the embedded database or when asked. */
    devMailbox: env.DEV_MAILBOX ?? env.DATABASE_URL === undefined,
  }));

export type Env = z.infer<typeof ZEnv>;

/** The host name of the address members use: the passkeys' default relying-party ID. */
export function passkeyRpId(env: Pick<Env, "PUBLIC_URL" | "PASSKEY_RP_ID">): string {
  return env.PASSKEY_RP_ID ?? new URL(env.PUBLIC_URL).hostname;
}

/**
 * Why a relying-party ID cannot serve PUBLIC_URL (a browser refuses every passkey ceremony then),
 * or null: it must be the page's host or a parent domain of it.
 */
export function passkeyRpIdProblem(publicUrl: string | undefined, rpId: string | undefined) {
  if (!publicUrl || !rpId) return null;
  const host = new URL(publicUrl).hostname;
  if (host === rpId || host.endsWith(`.${rpId}`)) return null;
  return `${rpId} is not the host of PUBLIC_URL (${host}) nor a parent domain of it: passkeys would never work`;
}

type ChainVariables = z.infer<z.ZodObject<typeof chainVariables>>;

function chainsConfig(
  env: Omit<ChainVariables, "PAYOUT_KEY_ERC20" | "PAYOUT_KEY_BEP20" | "CHAIN_TRC20_API_KEY">,
  keys: Record<"ERC20" | "BEP20", Redacted<`0x${string}`> | undefined>,
  tronApiKey: Redacted | undefined,
): ChainsConfig {
  const chains: ChainsConfig = {};
  for (const network of ["ERC20", "BEP20"] as const) {
    const rpcUrl = env[`CHAIN_${network}_RPC_URL`];
    if (!rpcUrl) continue;
    const key = keys[network];
    const file = env[`PAYOUT_KEY_FILE_${network}`];
    chains[network] = {
      network,
      rpcUrl,
      token: env[`CHAIN_${network}_TOKEN`],
      tokenDecimals: env[`CHAIN_${network}_TOKEN_DECIMALS`],
      confirmations: env[`CHAIN_${network}_CONFIRMATIONS`],
      explorer: env[`CHAIN_${network}_EXPLORER`],
      chainId: env[`CHAIN_${network}_CHAIN_ID`],
      payoutKey: key ? { key } : file ? { file: path.resolve(file) } : null,
      dailyCapMicroUsdt: env[`CHAIN_${network}_DAILY_CAP_USDT`] ?? null,
    };
  }
  if (env.CHAIN_TRC20_RPC_URL) {
    chains.TRC20 = {
      network: "TRC20",
      rpcUrl: env.CHAIN_TRC20_RPC_URL,
      token: env.CHAIN_TRC20_TOKEN,
      explorer: env.CHAIN_TRC20_EXPLORER,
      apiKey: tronApiKey ?? null,
    };
  }
  return chains;
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** Parses the environment, failing with one clear line per bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = ZEnv.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "env"}: ${issue.message}`),
    );
  }
  return result.data;
}
