import { defineConfig } from "@playwright/test";
import { findChromium } from "./scripts/browser/chromium";
import { fixtureToday } from "./scripts/fixtures/clock";

const port = Number(process.env.E2E_PORT ?? 3217);
// One day for the whole run (scripts/fixtures/clock.ts): the fixture server and every spec date the world alike, even
// across midnight. Workers and the web server inherit it.
process.env.CAIRN_FIXTURE_TODAY ??= fixtureToday();

export default defineConfig({
  testDir: "./e2e",
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      // CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own (`npm run test:e2e` finds or installs one first)
      executablePath: findChromium(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: {
    // builds a fresh fixture world and database, indexes it, then serves it
    command: `node --import tsx e2e/support/serve-fixture.ts ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: "pipe",
  },
});
