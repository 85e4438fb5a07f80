import { describe, expect, it } from "vitest";
import { DEBIAN_CHROMIUM, INSTALL_LINE, decideBrowser, type BrowserFacts } from "../../scripts/browser/chromium";

const OWN = "/root/.cache/ms-playwright/chromium-1234/chrome-linux/chrome";

function facts(over: Partial<BrowserFacts> & { running?: string[] } = {}): BrowserFacts {
  const running = new Set(over.running ?? []);
  return {
    chromiumPathEnv: undefined,
    runs: (path) => running.has(path),
    root: false,
    aptGet: false,
    playwrightPath: OWN,
    playwrightPresent: false,
    tried: new Set(),
    ...over,
  };
}

describe("decideBrowser: which Chromium the end-to-end tests use, or what to install", () => {
  it("uses CHROMIUM_PATH when it runs, before anything else", () => {
    expect(decideBrowser(facts({ chromiumPathEnv: "/opt/chrome", running: ["/opt/chrome", DEBIAN_CHROMIUM] }))).toEqual({
      kind: "use",
      path: "/opt/chrome",
      source: "CHROMIUM_PATH",
    });
  });

  it("stops with one line naming CHROMIUM_PATH when it does not run, even as root with Debian's installed", () => {
    const step = decideBrowser(facts({ chromiumPathEnv: "/nope/chrome", root: true, aptGet: true, running: [DEBIAN_CHROMIUM] }));
    expect(step.kind).toBe("stop");
    if (step.kind !== "stop") return;
    expect(step.line).toContain("CHROMIUM_PATH=/nope/chrome does not run");
    expect(step.line).not.toContain("\n");
  });

  it("an empty CHROMIUM_PATH counts as unset", () => {
    expect(decideBrowser(facts({ chromiumPathEnv: " ", running: [DEBIAN_CHROMIUM] }))).toMatchObject({ kind: "use", source: "debian" });
  });

  it("uses Debian's /usr/bin/chromium, then Playwright's own download", () => {
    expect(decideBrowser(facts({ running: [DEBIAN_CHROMIUM, OWN] }))).toMatchObject({ kind: "use", path: DEBIAN_CHROMIUM });
    expect(decideBrowser(facts({ running: [OWN], playwrightPresent: true }))).toMatchObject({ kind: "use", path: OWN, source: "playwright" });
  });

  it("as root with apt-get: installs Debian's chromium once, saying so in one line", () => {
    const step = decideBrowser(facts({ root: true, aptGet: true }));
    expect(step).toMatchObject({ kind: "install", via: "apt" });
    if (step.kind === "install") expect(step.say).toMatch(/^end-to-end tests: no Chromium found; installing Debian's chromium/);
    // after the install failed, apt is not tried again: Playwright's own next
    expect(decideBrowser(facts({ root: true, aptGet: true, tried: new Set(["apt"]) }))).toMatchObject({ kind: "install", via: "playwright" });
  });

  it("not root, or no apt-get: tries Playwright's own download", () => {
    expect(decideBrowser(facts({ root: false, aptGet: true }))).toMatchObject({ kind: "install", via: "playwright" });
    expect(decideBrowser(facts({ root: true, aptGet: false }))).toMatchObject({ kind: "install", via: "playwright" });
  });

  it("with nothing left to try: one line saying exactly what to install", () => {
    expect(decideBrowser(facts({ tried: new Set(["apt", "playwright"]) }))).toEqual({ kind: "stop", line: INSTALL_LINE });
    expect(decideBrowser(facts({ playwrightPath: null }))).toEqual({ kind: "stop", line: INSTALL_LINE });
    expect(INSTALL_LINE).toBe(
      "end-to-end tests need Chromium: install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary",
    );
  });

  it("Playwright's own downloaded but not starting: names the missing system libraries", () => {
    const step = decideBrowser(facts({ playwrightPresent: true, tried: new Set(["playwright"]) }));
    expect(step.kind).toBe("stop");
    if (step.kind === "stop") expect(step.line).toMatch(/lacks system libraries.*apt-get install chromium.*install-deps chromium$/);
  });
});
