/**
 * Meaning search (issue 38): the passages, the cache by content hash, the fusion, exact forms left to the words,
 * the lexical fallback, and each provider: the endpoint against a local server these tests start (a toy model
 * that maps a few words to shared concepts), the folder provider's tokenizer and its refusal without a runtime,
 * and the built-in model once (a few seconds).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { indexRoots } from "../../lib/index/indexer";
import { searchDocuments } from "../../lib/queries/search";
import { reciprocalRankFusion } from "../../lib/queries/search-hybrid";
import { embedPending } from "../../lib/embed/background";
import { checkEndpointUrl, endpointEmbedder } from "../../lib/embed/endpoint";
import { chooseEmbedder, embedSettings } from "../../lib/embed/choose";
import { folderEmbedder, loadOrt, wordPiece } from "../../lib/embed/folder";
import { builtinEmbedder, builtinPaths } from "../../lib/embed/builtin";
import { passagesOf } from "../../lib/embed/passages";
import { embedProgress, quantize, saveEmbedSettings } from "../../lib/embed/store";
import { closeEmbedder, queryVector } from "../../lib/embed/service";
import { meaningEligible } from "../../lib/search/meaning";
import { parseQuery } from "../../lib/search/query";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { askServer } from "../../lib/cli/search-meaning";
import { readServing, writeServing } from "../../lib/server/serving-file";
import { tempSpace, type TempSpace } from "../support/temp";

/** The toy model: each word counts toward a concept, several words sharing one (what a real model learns). */
const CONCEPTS: Record<string, number> = { cron: 0, nightly: 0, scheduled: 0, notifier: 1, email: 1, emailing: 1, mail: 1, dedupe: 2, twice: 2, duplicate: 2, invoices: 3, billing: 3 };
const DIMS = 8;
function toyVector(text: string): number[] {
  const v = new Array<number>(DIMS).fill(0.01);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) if (word in CONCEPTS) v[CONCEPTS[word]] += 1;
  return v;
}

let space: TempSpace;
let server: Server;
let base: string;
const received: string[][] = [];

const FILES: Record<string, string> = {
  ".claude/checkpoints/notifier.md": `# Cron notifier dedupe

## Next steps
- The cron job ran the notifier twice; add a dedupe key before the notifier sends
`,
  ".claude/checkpoints/billing.md": `# Billing release

## Next steps
- Send the invoices on the fifth
`,
  ".claude/checkpoints/api-token.md": `# Rotate the deploy key

## Decisions
- Keep the old key for a day; the token is read from the vault
`,
};

beforeAll(async () => {
  space = tempSpace("cairn-meaning-");
  const repo = join(space.dir, "root", "app");
  initRepo(repo);
  writeFiles(repo, FILES);
  commitAll(repo, "checkpoints", new Date("2026-11-20T10:00:00Z"));
  await indexRoots(space.db(), { roots: [join(space.dir, "root")], home: join(space.dir, "home") });
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    req.on("end", () => {
      if (req.method === "GET" && req.url?.startsWith("/api/search?")) {
        res.writeHead(200, { "content-type": "application/json" });
        return void res.end(JSON.stringify({ query: new URL(req.url, "http://x").searchParams.get("q"), hits: [], fromServer: true }));
      }
      if (req.method !== "POST" || req.url !== "/v1/embeddings") return void res.writeHead(404).end();
      const body = JSON.parse(raw) as { model: string; input: string[] };
      received.push(body.input);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", model: body.model, data: body.input.map((t, index) => ({ object: "embedding", index, embedding: toyVector(t) })) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  space.cleanup();
});

describe("passages", () => {
  it("takes the title with its first section, the next steps, the decisions and the rest, each once and short", () => {
    const passages = passagesOf({
      title: "Cron notifier",
      body: "",
      decisionsText: "Use a dedupe key",
      sections: [
        { canonical: null, heading: "Context", text: "The nightly job mails everyone." },
        { canonical: "next-steps", heading: "Next steps", text: "Add the key" },
        { canonical: "done", heading: "Done", text: "word ".repeat(500) },
      ],
    });
    expect(passages.map((p) => p.kind)).toEqual(["title", "next", "decisions", "summary"]);
    expect(passages[0].text).toBe("Cron notifier. Context: The nightly job mails everyone.");
    expect(passages[3].text.split(" ").length).toBeLessThanOrEqual(90);
    expect(passagesOf({ title: "Cron notifier", body: "", decisionsText: "Use a dedupe key", sections: [] }).find((p) => p.kind === "decisions")!.hash).toBe(passages[2].hash);
  });

  it("keeps vectors as int8 with one scale, within a hundredth", () => {
    const v = new Float32Array([0.5, -0.25, 0.125, 0]);
    const { scale, bytes } = quantize(v);
    v.forEach((x, i) => expect(Math.abs(bytes[i] * scale - x)).toBeLessThan(0.01));
  });
});

describe("the endpoint provider, the cache and the fusion", () => {
  it("embeds every passage once, and nothing again when the text is unchanged", async () => {
    const embedder = endpointEmbedder(base, "toy");
    const first = await embedPending(space.db(), embedder);
    expect(first.embeddedNow).toBeGreaterThan(0);
    expect(first.embedded).toBe(first.passages);
    const sent = received.flat();
    expect(sent.some((t) => t.includes("dedupe"))).toBe(true);
    received.length = 0;
    const again = await embedPending(space.db(), embedder);
    expect(again.embeddedNow).toBe(0);
    expect(received).toEqual([]);
    expect(embedProgress(space.db(), embedder.model).bytes).toBeGreaterThan(0);
  });

  it("finds a document by meaning when it holds none of the words, and says so with the passage", async () => {
    const embedder = endpointEmbedder(base, "toy");
    const [vector] = await embedder.embed(["scheduled email"]);
    const words = searchDocuments(space.db(), "scheduled email");
    expect(words.hits.map((h) => h.path)).not.toContain(".claude/checkpoints/notifier.md");
    const fused = searchDocuments(space.db(), "scheduled email", { meaning: { model: embedder.model, vector } });
    expect(fused.hits[0].path).toBe(".claude/checkpoints/notifier.md");
    expect(fused.hits[0].matched?.similar?.passage).toContain("dedupe");
    expect(fused.hits[0].matched?.words).toEqual([]);
    expect(fused.notes.join(" ")).toMatch(/similar meaning/);
  });

  it("leaves exact forms to the words: quotes, paths, shas, identifiers and field scopes", async () => {
    const embedder = endpointEmbedder(base, "toy");
    const [vector] = await embedder.embed(["cron"]);
    for (const q of ['"deploy key"', "file:.claude/checkpoints/billing.md", "deadbeef1234", "dedupe_key", "notifierTwice", "title:billing"]) {
      expect(meaningEligible(parseQuery(q)), q).toBe(false);
      const plain = searchDocuments(space.db(), q);
      const withMeaning = searchDocuments(space.db(), q, { meaning: { model: embedder.model, vector } });
      expect(withMeaning.hits.map((h) => h.id), q).toEqual(plain.hits.map((h) => h.id));
    }
    expect(meaningEligible(parseQuery("where we stopped the nightly job"))).toBe(true);
    // one content word is a keyword, looked up as typed
    expect(meaningEligible(parseQuery("zebraquokka"))).toBe(false);
    expect(meaningEligible(parseQuery("the zebraquokka"))).toBe(false);
  });

  it("fuses by reciprocal rank: found by both lists first, then by rank and weight", () => {
    expect(reciprocalRankFusion([{ ids: [1, 2, 3], weight: 1 }, { ids: [3, 4], weight: 1 }], 60)).toEqual([3, 1, 2, 4]);
    expect(reciprocalRankFusion([{ ids: [1, 2], weight: 4 }, { ids: [5, 1], weight: 1 }], 20)).toEqual([1, 2, 5]);
  });

  it("talks only to this machine, and says what is wrong with an answer", async () => {
    expect(checkEndpointUrl("http://10.0.0.5:11434/v1")).toMatchObject({ ok: false });
    expect(checkEndpointUrl("https://api.example.com/v1")).toMatchObject({ ok: false });
    expect(checkEndpointUrl("http://[::1]:8080/v1")).toMatchObject({ ok: true });
    await expect(endpointEmbedder(base.replace("/v1", "/nowhere"), "toy").embed(["x"])).rejects.toThrow(/404/);
  });
});

describe("choosing a provider, and searching by words without one", () => {
  it("is off when told, and the search says it is by words only", () => {
    const settings = embedSettings(null, { CAIRN_EMBED: "off" });
    expect(chooseEmbedder(settings)).toMatchObject({ embedder: null, reason: "meaning search is off" });
    expect(chooseEmbedder({ provider: "folder" })).toMatchObject({ embedder: null });
    expect(chooseEmbedder({ provider: "endpoint", url: "http://192.168.1.2/v1" })).toMatchObject({ embedder: null });
    expect(embedSettings(null, {}).provider).toBe("builtin");
    // without a query vector the ranking is the words' alone
    const a = searchDocuments(space.db(), "invoices fifth");
    expect(a.hits[0].path).toBe(".claude/checkpoints/billing.md");
    expect(a.hits[0].matched?.similar).toBeUndefined();
  });
});

describe("what leaves the machine", () => {
  it("sends the endpoint a typed question redacted, and only when the endpoint is chosen", async () => {
    saveEmbedSettings(space.db(), { provider: "endpoint", url: base, endpointModel: "toy" });
    try {
      received.length = 0;
      const token = `ghp_${"a1B2c3D4e5".repeat(3)}abcdef`;
      const answer = await queryVector(space.db(), `release job used ${token} yesterday`);
      expect(answer?.model).toBe("endpoint:toy");
      expect(received.flat().join(" ")).toContain("release job used");
      expect(received.flat().join(" ")).not.toContain(token);
    } finally {
      saveEmbedSettings(space.db(), { provider: "off" });
      await closeEmbedder();
    }
  });
});

describe("cairn search asks the running server", () => {
  it("asks the server written beside the database, only while its process lives", async () => {
    const port = Number(new URL(base).port);
    expect(await askServer(space.dbPath, { q: "x", limit: 5, offset: 0, group: "flat" })).toBeNull();
    const forget = writeServing(space.dbPath, { pid: process.pid, port, host: "127.0.0.1" });
    const answer = (await askServer(space.dbPath, { q: "nightly job", limit: 5, offset: 0, group: "flat" })) as unknown as { query: string; fromServer: boolean };
    expect(answer).toMatchObject({ query: "nightly job", fromServer: true });
    forget();
    writeServing(space.dbPath, { pid: 2 ** 22 + 12345, port, host: "127.0.0.1" });
    expect(readServing(space.dbPath)).toBeNull();
    writeServing(space.dbPath, { pid: process.pid, port, host: "10.0.0.1" });
    expect(readServing(space.dbPath)).toBeNull();
  });
});

describe("the folder provider", () => {
  it("splits words into WordPiece ids as BERT's uncased tokenizer does", () => {
    const vocab = new Map(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "the", "night", "##ly", "job", "."].map((t, i) => [t, i] as [string, number]));
    expect(wordPiece("The nightly JOB. Zebra", vocab)).toEqual([2, 4, 5, 6, 7, 8, 1, 3]);
  });

  it("says what is missing instead of loading nothing", () => {
    const folder = join(space.dir, "model");
    mkdirSync(folder, { recursive: true });
    expect(folderEmbedder(folder)).toEqual({ error: `no model.onnx in ${folder} (nor onnx/model.onnx)` });
    writeFileSync(join(folder, "model.onnx"), "not a model");
    expect(folderEmbedder(folder)).toEqual({ error: `no vocab.txt or tokenizer.json in ${folder}` });
  });

  // a real ONNX model cannot be made here without the runtime, which is optional (about 100 MB): skipped with its reason
  it.skipIf(!loadOrt())("runs a model folder through onnxruntime-node when it is installed", () => {});
});

describe("the built-in model", () => {
  it.skipIf(!builtinPaths())(
    "places a paraphrase nearer its passage than an unrelated one (the real model, once)",
    async () => {
      const embedder = builtinEmbedder()!;
      try {
        const [query, near, far] = await embedder.embed([
          "stopped the nightly job from emailing everyone twice",
          "The cron notifier sent duplicate mails; added a dedupe key",
          "Renamed the invoice product across the code and the logos",
        ]);
        const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);
        expect(query.length).toBe(512);
        expect(dot(query, near)).toBeGreaterThan(dot(query, far));
      } finally {
        await embedder.close();
      }
    },
    60_000,
  );
});
