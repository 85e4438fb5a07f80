import type { Metadata } from "next";
import type { ReactNode } from "react";
import { connection } from "next/server";
import { Header } from "@/components/header";
import { LiveRefresh } from "@/components/live-refresh";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Cairn", template: "%s · Cairn" },
  description: "The checkpoints your coding agents left behind, indexed and kept honest.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // every page is rendered per request, so each carries the request's CSP nonce (the 404 page too)
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
          Skip to content
        </a>
        <Header />
        <LiveRefresh />
        <main id="main" className="mx-auto max-w-6xl px-4 py-6">
          {children}
        </main>
      </body>
    </html>
  );
}
