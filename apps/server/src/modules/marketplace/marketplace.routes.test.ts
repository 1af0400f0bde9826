import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { useTestApp } from "../../../test/app";
import { createSignedInMember, memberFactory, USDT } from "../../../test/factories";
import { queryRows } from "../../db/client";
import { fixedClock } from "../../lib/clock";
import { setMemberSuspended } from "../members/suspension.service";

let adminId: string;
const clock = fixedClock("2026-11-21T12:00:00.000Z");
const db = () => t.database.db;

const t = useTestApp({ clock, verifyLedger: true });
beforeAll(async () => {
  adminId = (await memberFactory.create({ role: "admin" }, { transient: { db: db() } })).profile.id;
});

function member(views = 0n, usdt = 0n, locale: "en" | "pt-BR" = "pt-BR") {
  return createSignedInMember(t.app, { views, usdt, locale });
}
const balances = async (c: Client) =>
  (await c.request("GET", "/api/balances")).json() as { views: string; usdt: string };
const list = (c: Client, viewsQuantity: string, pricePerView: string, key?: string) =>
  c.request(
    "POST",
    "/api/marketplace/offers",
    { viewsQuantity, pricePerView },
    key ? { "idempotency-key": key } : {},
  );
const buy = (c: Client, id: string, key?: string) =>
  c.request(
    "POST",
    `/api/marketplace/offers/${id}/buy`,
    undefined,
    key ? { "idempotency-key": key } : {},
  );
const cancel = (c: Client, id: string) => c.request("POST", `/api/marketplace/offers/${id}/cancel`);

describe("selling views", () => {
  it("moves the views to escrow and lists the offer with its total", async () => {
    const seller = await member(1_000n);
    const res = await list(seller.c, "150", "0,12");
    expect(res.statusCode).toBe(201);
    expect(res.json().offer).toMatchObject({
      viewsQuantity: "150",
      priceUsdtPerView: "120000",
      totalPriceUsdt: "18000000",
      status: "OPEN",
      seller: { id: seller.id, username: seller.profile.username },
      buyer: null,
    });
    expect(res.json().balances.views).toBe("850");
    expect((await balances(seller.c)).views).toBe("850");
    const page = (await seller.c.request("GET", "/api/marketplace/offers?sort=newest")).json();
    expect(page.offers[0]).toMatchObject({ id: res.json().offer.id, status: "OPEN" });
  });

  it("answers the seeds' sell messages in order and moves nothing", async () => {
    const seller = await member(100n);
    const cases: Array<[string, string, number, string]> = [
      ["0", "1", 400, "Quantidade e preço devem ser maiores que zero"],
      ["10", "0", 400, "Quantidade e preço devem ser maiores que zero"],
      ["", "", 400, "Quantidade e preço devem ser maiores que zero"],
      ["-5", "1", 400, "Quantidade e preço devem ser maiores que zero"],
      ["abc", "1", 400, "Quantidade e preço devem ser maiores que zero"],
      ["101", "0.1", 422, "Você não tem views suficientes"],
      ["1000001", "0.1", 400, "Uma oferta é um número inteiro de views até 1.000.000"],
      ["10", "1000.5", 400, "O preço por view é no máximo 1000 USDT, com até 6 casas decimais"],
      ["10", "0.0000001", 400, "O preço por view é no máximo 1000 USDT, com até 6 casas decimais"],
    ];
    for (const [viewsQuantity, pricePerView, status, message] of cases) {
      const res = await list(seller.c, viewsQuantity, pricePerView);
      expect(res.statusCode, `${viewsQuantity} × ${pricePerView}`).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await balances(seller.c)).views).toBe("100");
  });

  it("says it in English to an English-speaking member", async () => {
    const seller = await member(10n, 0n, "en");
    expect((await list(seller.c, "0", "1")).json().message).toBe(
      "Quantity and price must be greater than zero",
    );
    expect((await list(seller.c, "11", "1")).json().message).toBe("You don't have enough views");
  });

  it("lists once per Idempotency-Key", async () => {
    const seller = await member(100n);
    const first = await list(seller.c, "60", "0.1", "market-list-once-1");
    const again = await list(seller.c, "60", "0.1", "market-list-once-1");
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().offer.id).toBe(first.json().offer.id);
    expect((await balances(seller.c)).views).toBe("40");
  });

  it("needs a signed-in member", async () => {
    const anonymous = t.app.inject({ method: "GET", url: "/api/marketplace/offers" });
    expect((await anonymous).statusCode).toBe(401);
  });
});

describe("buying an offer", () => {
  it("pays the seller exactly the total (no fee) and gives the buyer the views", async () => {
    const seller = await member(500n);
    const buyer = await member(0n, USDT(100));
    const offer = (await list(seller.c, "200", "0.25")).json().offer;
    const res = await buy(buyer.c, offer.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().offer).toMatchObject({
      status: "SOLD",
      buyer: { id: buyer.id },
      seller: { id: seller.id },
    });
    expect(res.json().balances).toMatchObject({ views: "200", usdt: "50000000" });
    expect(await balances(seller.c)).toMatchObject({ views: "300", usdt: "50000000" });
    const mine = (await seller.c.request("GET", "/api/marketplace/mine")).json();
    expect(mine.offers[0]).toMatchObject({ id: offer.id, status: "SOLD" });
    const bought = (await buyer.c.request("GET", "/api/marketplace/mine")).json();
    expect(bought.purchases[0]).toMatchObject({ id: offer.id, buyer: { id: buyer.id } });
    const open = (await buyer.c.request("GET", "/api/marketplace/offers")).json().offers;
    expect(open.some((o: { id: string }) => o.id === offer.id)).toBe(false);
    const notices = await queryRows<{ template: string }>(
      db(),
      sql`select template from mail_outbox where profile_id = ${seller.id}`,
    );
    expect(notices.map((n) => n.template)).toContain("offerSold");
  });

  it("refuses insufficient USDT, one's own offer, a sold offer and an unknown one", async () => {
    const seller = await member(500n);
    const poor = await member(0n, USDT(1));
    const rich = await member(0n, USDT(1_000));
    const offer = (await list(seller.c, "100", "0.5")).json().offer;

    const short = await buy(poor.c, offer.id);
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe("Você não tem USDT suficiente para comprar esta oferta");
    expect(await balances(poor.c)).toMatchObject({ views: "0", usdt: "1000000" });

    const own = await buy(seller.c, offer.id);
    expect(own.statusCode).toBe(422);
    expect(own.json().message).toBe("Você não pode comprar sua própria oferta");

    expect((await buy(rich.c, offer.id)).statusCode).toBe(200);
    const again = await buy(poor.c, offer.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      "Esta oferta não está mais disponível: foi comprada ou cancelada",
    );

    const unknown = await buy(rich.c, "00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Oferta não encontrada");
    expect((await buy(rich.c, "not-an-id")).statusCode).toBe(404);
  });

  it("replays a purchase with the same Idempotency-Key instead of paying twice", async () => {
    const seller = await member(100n);
    const buyer = await member(0n, USDT(100));
    const offer = (await list(seller.c, "100", "0.1")).json().offer;
    expect((await buy(buyer.c, offer.id, "market-buy-once-1")).statusCode).toBe(200);
    const again = await buy(buyer.c, offer.id, "market-buy-once-1");
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await balances(buyer.c)).toMatchObject({ views: "100", usdt: "90000000" });
  });
});

describe("cancelling an offer", () => {
  it("returns the views to the seller; only the seller may, and only once", async () => {
    const seller = await member(300n);
    const other = await member(0n, USDT(100));
    const offer = (await list(seller.c, "120", "0.1")).json().offer;
    const foreign = await cancel(other.c, offer.id);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe("Só quem vende pode cancelar esta oferta.");
    const res = await cancel(seller.c, offer.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().offer.status).toBe("CANCELLED");
    expect(res.json().balances.views).toBe("300");
    expect((await cancel(seller.c, offer.id)).statusCode).toBe(409);
    expect((await buy(other.c, offer.id)).statusCode).toBe(409);
  });

  it("happens to every open offer of a suspended member, views back", async () => {
    const seller = await member(400n);
    await list(seller.c, "100", "0.1");
    await list(seller.c, "150", "0.2");
    expect((await balances(seller.c)).views).toBe("150");
    await setMemberSuspended({
      db: db(),
      clock,
      actorProfileId: adminId,
      targetProfileId: seller.id,
      suspended: true,
    });
    const rows = await queryRows<{ status: string; views: string }>(
      db(),
      sql`select o.status, a.balance::text as views from market_offers o
          join ledger_accounts a on a.profile_id = o.seller_id and a.kind = 'member' and a.currency = 'VIEWS'
          where o.seller_id = ${seller.id}`,
    );
    expect(rows.map((r) => r.status)).toEqual(["CANCELLED", "CANCELLED"]);
    expect(rows[0]?.views).toBe("400");
  });
});

describe("the offers list", () => {
  it("sorts by price both ways and by newest, a page at a time", async () => {
    const seller = await member(10_000n);
    const viewer = await member();
    for (const price of ["0.3", "0.1", "0.2"]) await list(seller.c, "10", price);
    const prices = async (sort: string) =>
      (await viewer.c.request("GET", `/api/marketplace/offers?sort=${sort}`))
        .json()
        .offers.filter((o: { seller: { id: string } }) => o.seller.id === seller.id)
        .map((o: { priceUsdtPerView: string }) => o.priceUsdtPerView);
    expect(await prices("price_asc")).toEqual(["100000", "200000", "300000"]);
    expect(await prices("price_desc")).toEqual(["300000", "200000", "100000"]);
    const page = (await viewer.c.request("GET", "/api/marketplace/offers?page=1")).json();
    expect(page).toMatchObject({ page: 1, pageSize: 20 });
    expect((await viewer.c.request("GET", "/api/marketplace/offers?page=0")).statusCode).toBe(400);
    expect((await viewer.c.request("GET", "/api/marketplace/offers?sort=x")).statusCode).toBe(400);
  });
});
