import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["better-sqlite3", "@secretlint/core", "@secretlint/secretlint-rule-preset-recommend"],
  typedRoutes: false,
};

export default nextConfig;
