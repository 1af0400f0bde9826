import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// A message with a number counts something: it has i18next plural forms (`key_one`/`key_other`,
// or a nested `$t(key, {"count": {{n}} })`), never "1 views" or "account(s)" (ADR 069).

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "locales");

/** Nouns a number may count, per language (singular and plural). */
const NOUNS: Record<string, string> = {
  en: "views?|accounts?|referrals?|days?|hours?|minutes?|seconds?|members?|videos?|requests?|sessions?|offers?|times|items?|attempts?|signals?|devices?|weeks?|months?|years?",
  "pt-BR":
    "views?|contas?|indicaç(?:ão|ões)|dias?|horas?|minutos?|segundos?|membros?|vídeos?|solicitaç(?:ão|ões)|pedidos?|sess(?:ão|ões)|ofertas?|vezes|itens|item|tentativas?|sina(?:l|is)|dispositivos?|semanas?|meses|mês|anos?",
};

/**
 * Messages whose number is a fixed figure from packages/shared (a price, a daily limit, a
 * duration, a product name before "account"): their words are written for that figure. The list
 * only shrinks: a message that counts anything a member does is not added here but given plural
 * forms.
 */
const FIXED_FIGURES = new Set([
  "admin:stepUp.textCode",
  "admin:stepUp.textPassword",
  "box:card.description",
  "box:card.open",
  "dashboard:crypto.formula",
  "dashboard:firstRun.earn.body",
  "dashboard:firstRun.spend.boost",
  "dashboard:firstRun.watch.body",
  "dashboard:verify.confirm",
  "dashboard:verify.description",
  "dashboard:views.note",
  "emails:accountDeletionCancelled.body",
  "emails:accountDeletionDone.body",
  "emails:accountDeletionScheduled.body",
  "emails:footer",
  "emails:newSignIn.subject",
  "emails:passkeyAdded.subject",
  "emails:passkeyRemoved.subject",
  "emails:verifyEmail.subject",
  "emails:walletChanged.body",
  "emails:withdrawalSubmitted.body",
  "errors:ATTENTION_NOT_PROVEN",
  "errors:ATTENTION_NOT_PROVEN_ad",
  "errors:BELOW_MINIMUM_transferViews",
  "errors:DAILY_LIMIT_REACHED_viewRequest",
  "errors:DAILY_LIMIT_REACHED_watch",
  "errors:EVENT_NOT_ELIGIBLE_recentWin",
  "errors:INSUFFICIENT_BALANCE_boost",
  "errors:INSUFFICIENT_BALANCE_box",
  "errors:INSUFFICIENT_BALANCE_verification",
  "errors:INSUFFICIENT_BALANCE_video",
  "errors:INSUFFICIENT_BALANCE_viewRequest",
  "errors:SESSION_TOO_EARLY",
  "errors:SESSION_TOO_EARLY_content",
  "errors:WALLET_ADDRESS_TOO_NEW",
  "events:annual.claim",
  "events:annual.description",
  "events:annual.success",
  "events:daily.claim",
  "events:daily.description",
  "events:daily.ineligible.recentWin",
  "events:daily.rules",
  "events:daily.success",
  "events:milestones.description",
  "events:milestones.item",
  "events:winners.subtitle",
  "fraud:clusters.description",
  "landing:ecosystem.items.events.description",
  "landing:ecosystem.items.feed.description",
  "landing:ecosystem.items.referrals.description",
  "landing:ecosystem.items.swap.description",
  "landing:ecosystem.items.withdrawals.description",
  "landing:how.steps.watch.description",
  "marketplace:sell.bounds",
  "money:rates.usdtToViewsRate",
  "money:rates.viewsToUsdtRate",
  "pages:disclaimer.description",
  "pages:referral-policy.description",
  "ranking:settings.hint",
  "ranking:summary.updated",
  "referrals:badge.description",
  "referrals:calculations.description",
  "settings:data.deleteDescription",
  "settings:data.deletion",
  "settings:wallet.warning",
  "support:gate.description",
  "support:member.formDescription",
  "transparency:chartSummary",
  "transparency:chartTitle",
  "videos:add.how3",
  "videos:add.how4",
  "videos:add.how5",
  "videos:boost.confirm",
  "videos:boost.description",
  "videos:requests.description",
  "videos:requests.matched",
  "videos:requests.submit",
  "videos:requests.today",
  "videos:watch.completedText",
  "videos:watch.startText",
  "withdraw:confirm.final",
  "withdraw:info.newWallet",
  "withdraw:info.processing",
]);

/** The policy pages and the whitepaper: documents written around the rules' fixed figures. */
const FIXED_NAMESPACES = new Set(["pages"]);

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

function* messages(value: unknown, prefix = ""): Generator<[string, string]> {
  if (typeof value === "string") yield [prefix, value];
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) yield* messages(v, prefix ? `${prefix}.${k}` : k);
  }
}

/** Each message that puts a number before a noun without plural forms, or writes "(s)". */
function unpluralised(locale: string): string[] {
  const found: string[] = [];
  const counted = new RegExp(`\\{\\{\\s*\\w+[^}]*\\}\\}\\s+(?:${NOUNS[locale]})(?![\\w])`, "u");
  for (const file of readdirSync(path.join(dir, locale)).filter((f) => f.endsWith(".json"))) {
    const ns = file.replace(/\.json$/, "");
    const catalogue = JSON.parse(readFileSync(path.join(dir, locale, file), "utf8"));
    for (const [key, text] of messages(catalogue)) {
      if (PLURAL_FORM.test(key)) continue;
      const id = `${ns}:${key}`;
      const guessed = /\w\((s|es|ões|as|a)\)/u.test(text) && !/https?\(s\)/.test(text);
      const fixed = FIXED_FIGURES.has(id) || FIXED_NAMESPACES.has(ns);
      if (guessed) found.push(`${id}: ${text}`);
      else if (counted.test(text) && !fixed) found.push(`${id}: ${text}`);
    }
  }
  return found;
}

describe("plural forms", () => {
  it.each(["en", "pt-BR"])(
    "every %s message that counts has plural forms, none writes (s)",
    (locale) => {
      expect(unpluralised(locale)).toEqual([]);
    },
  );

  it("finds what it is looking for", () => {
    const counted = new RegExp(`\\{\\{\\s*\\w+[^}]*\\}\\}\\s+(?:${NOUNS.en})(?![\\w])`, "u");
    expect(counted.test("you earned {{views, views}} views")).toBe(true);
    expect(counted.test("Shares a device with {{accounts}} other accounts")).toBe(false);
    expect(/\w\((s|es|ões|as|a)\)/u.test("outra(s) conta(s)")).toBe(true);
  });
});
