"use client";

import { CopyButton } from "./copy-button";

/** Copies a file's path. */
export function CopyPathButton({ path, label = "Copy path" }: { path: string; label?: string }) {
  return <CopyButton text={path} label={label} what="the path" size="xs" />;
}
