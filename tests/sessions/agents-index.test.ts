/**
 * The agents beside Claude Code and Codex through the whole index: a real temporary home holding a Gemini CLI chat
 * (JSONL, with projects.json naming its folder), a Copilot CLI session, a Cline task in VS Code's storage and an
 * opencode session file, and a real git repository they worked in. `cairn index` finds each log under its root,
 * reads it, links it to the repository by its folder and keeps it; an appended Gemini line costs only that line.
 * The exports kept inside the repository (Aider's history, a SpecStory export) stay transcript documents and are
 * sessions too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { indexRoots } from "@/lib/index/indexer";
import { listSessions } from "@/lib/queries/sessions";
import { plainGit } from "@/lib/git/test-repo";
import { tempSpace, type TempSpace } from "@/tests/support/temp";
import { aiderRun, clineRequest, clineSay, copilot, geminiAnswer, geminiHeader, geminiToolCall, geminiUser, jsonl, opencodeSession, specStoryV2 } from "@/tests/support/agent-logs";

let space: TempSpace;
let home: string;
let root: string;
let shop: string;
const env = {};
const start = new Date(Date.now() - 2 * 3600_000);
const at = (m: number) => new Date(start.getTime() + m * 60_000).toISOString();
const geminiLog = () => join(home, ".gemini", "tmp", "shop-app", "chats", "session-2026-11-02T09-00-5ec95d33.jsonl");

function put(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

const index = () => indexRoots(space.db(), { roots: [root], home, sessionEnv: env });

beforeAll(async () => {
  space = tempSpace("cairn-agents-");
  home = join(space.dir, "home");
  root = join(space.dir, "code");
  shop = join(root, "shop-app");
  mkdirSync(shop, { recursive: true });
  plainGit(shop, ["init", "-q"]);
  writeFileSync(join(shop, "README.md"), "shop\n");
  plainGit(shop, ["add", "README.md"]);
  plainGit(shop, ["commit", "-q", "-m", "Initial"], new Date(start.getTime() - 86400_000).toISOString());

  put(join(home, ".gemini", "projects.json"), JSON.stringify({ projects: { [shop]: "shop-app" } }));
  put(
    geminiLog(),
    jsonl([
      geminiHeader("5ec95d33-d405-4b82-9be5-8080824363b5", start),
      geminiUser("u1", "Make the checkout button stop overflowing on phones", at(1)),
      geminiAnswer("g1", "I'll fix the CSS.", at(2), { toolCalls: [geminiToolCall("w1", "write_file", { file_path: join(shop, "src", "checkout.css"), content: "x" }, "ok", at(2))] }),
    ]),
  );
  put(
    join(home, ".copilot", "session-state", "0b7c2a1e-4d3f-4e21-9a8b-000000000001", "events.jsonl"),
    jsonl([
      copilot("session.start", { sessionId: "0b7c2a1e-4d3f-4e21-9a8b-000000000001", copilotVersion: "0.0.354", startTime: at(10), context: { cwd: shop, branch: "main" } }, start, 10),
      copilot("user.message", { content: "Add a dark mode toggle to the header", attachments: [] }, start, 11),
      copilot("assistant.message", { messageId: "m1", content: "Adding it.", model: "claude-sonnet-4.5", toolRequests: [] }, start, 12),
    ]),
  );
  put(
    join(home, ".config", "Code", "User", "globalStorage", "saoudrizwan.claude-dev", "tasks", String(start.getTime() + 20 * 60_000), "ui_messages.json"),
    JSON.stringify([clineSay(start.getTime() + 20 * 60_000, "task", "Write a test for the cart total"), clineSay(start.getTime() + 21 * 60_000, "api_req_started", clineRequest(shop, 100, 10))]),
  );
  put(join(shop, ".aider.chat.history.md"), aiderRun("2026-11-01 10:00:00", ["#### add a coupon field to the checkout form  ", "", "> Applied edit to src/coupon.ts  ", "> Commit 1a2b3c4 feat: add a coupon field  "]));
  put(join(shop, ".specstory", "history", "2026-11-01_11-00-00Z-shipping.md"), specStoryV2({ agent: "Claude Code", sessionId: "7d3c1f2e-1111-4222-8333-444455556666", start, turns: [{ user: "Show free shipping above fifty euros", minute: 1 }, { agent: "Done.", minute: 2 }] }));
  put(join(home, ".local", "share", "opencode", "storage", "session", "4b0ea68d", "ses_5f1a.json"), opencodeSession("ses_5f1a", "Speed up the product list query", shop, new Date(start.getTime() + 30 * 60_000), new Date(start.getTime() + 40 * 60_000)));
  await index();
});

afterAll(() => space?.cleanup());

describe("other agents' logs through the index", () => {
  it("finds each agent's session, with its title, prompts and the repository its folder is in", () => {
    const sessions = listSessions(space.db(), {});
    const by = (agent: string) => sessions.find((s) => s.agent === agent);
    expect(by("gemini-cli")).toMatchObject({ title: "Make the checkout button stop overflowing on phones", userTurns: 1, cwd: shop, repo: shop });
    expect(by("gemini-cli")?.filesEdited).toEqual(["src/checkout.css"]);
    expect(by("copilot-cli")).toMatchObject({ title: "Add a dark mode toggle to the header", branches: ["main"], repo: shop, models: ["claude-sonnet-4.5"] });
    expect(by("cline")).toMatchObject({ title: "Write a test for the cart total", userTurns: 1, repo: shop });
    expect(by("opencode")).toMatchObject({ title: "Speed up the product list query", repo: shop });
  });

  it("exports inside the repository are transcript documents and sessions of that repository", () => {
    const sessions = listSessions(space.db(), {});
    expect(sessions.find((s) => s.agent === "aider")).toMatchObject({ title: "add a coupon field to the checkout form", userTurns: 1, repo: shop });
    expect(sessions.find((s) => s.agent === "specstory")).toMatchObject({ title: "Show free shipping above fifty euros", sessionId: "7d3c1f2e-1111-4222-8333-444455556666", repo: shop });
    const rows = space.db().$client.prepare(`SELECT format, path FROM documents`).all() as Array<{ format: string; path: string }>;
    const formats = rows.map((r) => `${r.format} ${r.path}`);
    expect(formats).toContain("transcript .aider.chat.history.md");
  });

  it("an appended Gemini line is read alone, and its prompt counts", async () => {
    appendFileSync(geminiLog(), jsonl([geminiUser("u2", "Also check the tablet layout", at(50))]));
    const summary = await index();
    const sessions = summary.sessions as { files: number; bytesRead: number };
    expect(sessions.bytesRead).toBeLessThan(400);
    const gemini = listSessions(space.db(), {}).find((s) => s.agent === "gemini-cli");
    expect(gemini?.userTurns).toBe(2);
  });
});
