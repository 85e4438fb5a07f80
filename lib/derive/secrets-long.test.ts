import { describe, expect, it } from "vitest";
import { scanSecrets } from "./secrets";
import { ALNUM, fake } from "../../tests/support/fake-secrets";

const UPPER_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

describe("a long document", () => {
  it("is scanned in pieces: 10,000 key-like lines in seconds, not minutes (secretlint's de-duplication is quadratic)", async () => {
    const text = Array.from({ length: 10_000 }, (_, i) => `key=AKIA${String(i).padStart(16, "0")} token`).join("\n");
    const started = performance.now();
    await scanSecrets(text, "x.md");
    expect(performance.now() - started).toBeLessThan(8_000); // ~16 s before, ~0.2 s now
  });

  it("still finds a secret far into the text, at its own line, and a private key cut by no piece", async () => {
    const filler = Array.from({ length: 400 }, (_, i) => `- note ${i}: ordinary text about the work, nothing secret here at all`).join("\n");
    const key = "AKIA" + fake(16, 10, UPPER_DIGITS);
    const pem = ["-----BEGIN " + "RSA PRIVATE KEY-----", ...Array.from({ length: 400 }, (_, i) => fake(64, 20 + i, ALNUM + "+/")), "-----END " + "RSA PRIVATE KEY-----"].join("\n");
    const text = `${filler}\n${filler}\naccess ${key}\n${filler}\n${pem}\n${filler}`;
    const scan = await scanSecrets(text, "notes.md");
    const aws = scan.findings.find((f) => f.rule === "aws-access-key");
    expect(aws?.line).toBe(801);
    expect(scan.findings.some((f) => f.rule === "private-key")).toBe(true);
    expect(scan.redacted).not.toContain(key);
    expect(scan.redacted).not.toContain(fake(64, 200, ALNUM + "+/"));
  });
});
