import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { E2E_DB } from "./support/paths";

/**
 * Guessed values: a value no key or label states (read from a heading, a sentence, the file name) is marked on
 * the checkpoint page, with "Edit details" right there; the list of checkpoints filters on a guessed status.
 */
interface Row {
  id: string;
  title: string | null;
  confidence: string;
}

function guessedDocs(): Row[] {
  const db = new Database(E2E_DB, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        "SELECT id, title, field_confidence AS confidence FROM documents WHERE kind = 'checkpoint' AND source = 'worktree' AND duplicate_of IS NULL AND alias_of IS NULL AND field_confidence LIKE '%guessed%' ORDER BY id",
      )
      .all() as Row[];
  } finally {
    db.close();
  }
}

test("marks the values Cairn guessed and opens Edit details from the mark", async ({ page }) => {
  const docs = guessedDocs();
  expect(docs.length, "the fixture world holds a checkpoint with a guessed value").toBeGreaterThan(0);
  const doc = docs[0];
  const guessed = Object.entries(JSON.parse(doc.confidence) as Record<string, string>).filter(([, c]) => c === "guessed").map(([f]) => f);
  await page.goto(`/checkpoints/${doc.id}`);
  const note = page.getByRole("note", { name: "Guessed details" });
  await expect(note).toContainText("Cairn guessed");
  const names: Record<string, string> = { title: "Title", status: "Status", branch: "Branch", headSha: "Commit", savedAt: "Date" };
  for (const field of guessed) await expect(note.getByRole("listitem").filter({ hasText: names[field] })).toContainText("guessed");

  await note.getByRole("button", { name: "Edit details" }).click();
  const form = page.getByRole("form", { name: "Edit details" });
  await expect(form).toBeVisible();
  await expect(form.getByLabel("Title")).toBeFocused();
});

test("lists only the checkpoints whose status was guessed", async ({ page }) => {
  const withGuessedStatus = guessedDocs().filter((d) => (JSON.parse(d.confidence) as Record<string, string>).status === "guessed");
  await page.goto("/checkpoints");
  await page.getByRole("form", { name: "Filter checkpoints" }).getByLabel("Status").selectOption("guessed");
  await expect(page).toHaveURL(/status=guessed/);
  if (withGuessedStatus.length === 0) {
    await expect(page.getByText("No checkpoint matches these filters")).toBeVisible();
  } else {
    for (const d of withGuessedStatus.slice(0, 3)) if (d.title) await expect(page.getByRole("link", { name: d.title }).first()).toBeVisible();
  }
});
