import { describe, expect, it } from "vitest";
import { analyze, bigrams, isStopWord, queryTerms } from "./analyze";

describe("the search analyzer", () => {
  it("stems English words so that a plural finds its singular", () => {
    expect(analyze("tests")).toBe(analyze("test"));
    expect(analyze("migrations")).toBe(analyze("migration"));
    expect(analyze("retries")).toBe(analyze("retry"));
    expect(analyze("deploying")).toBe(analyze("deploy"));
  });

  it("stems Russian words with the Russian stemmer", () => {
    expect(analyze("миграции")).toBe(analyze("миграция"));
  });

  it("drops stop words of a question, keeps the words that name the work", () => {
    expect(queryTerms("which migration still has to be applied before deploying the billing service").map((t) => t.word)).toEqual([
      "migration",
      "applied",
      "deploying",
      "billing",
      "service",
    ]);
    expect(isStopWord("which")).toBe(true);
    expect(isStopWord("migration")).toBe(false);
  });

  it("drops another language's stop words from queries only: a word that is a real word elsewhere stays in files", () => {
    expect(isStopWord("para")).toBe(true); // Portuguese and Spanish "for"
    expect(analyze("war room")).toBe("war room"); // "war" is a German stop word
  });

  it("reads Chinese, Japanese and Korean text in character pairs, without spaces", () => {
    expect(bigrams("支付重试")).toEqual(["支付", "付重", "重试"]);
    expect(analyze("我们在支付重试逻辑上停下")).toContain("支付 付重 重试");
    // a query of two characters finds them inside a longer run
    expect(analyze("数据库迁移").split(" ")).toContain(queryTerms("迁移")[0].term);
    expect(analyze("결제 재시도").split(" ")).toEqual(["결제", "재시", "시도"]);
  });

  it("gives the parts of identifiers and folds diacritics", () => {
    expect(analyze("paymentRetryQueue").split(" ")).toEqual(expect.arrayContaining(["payment", "retri", "queue"]));
    expect(analyze("payment_retry")).toBe("payment retri");
    expect(analyze("Ação")).toBe(analyze("acao"));
  });
});
