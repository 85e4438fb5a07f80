"use client";

import { useState } from "react";

/**
 * The version of a file a form was first shown with. Live updates re-render open pages when a file
 * changes on disk; a write form must keep the hash of what the user actually looked at, so that the
 * writer still reports the conflict instead of silently applying the user's choice to a newer file.
 * A successful write (`acceptedAfter` changes) adopts the current version.
 */
export function useShownVersion(currentHash: string, acceptedAfter: unknown) {
  const [shown, setShown] = useState(currentHash);
  const [accepted, setAccepted] = useState(acceptedAfter);
  if (acceptedAfter !== accepted) {
    setAccepted(acceptedAfter);
    setShown(currentHash);
  }
  return { hash: shown, changedOnDisk: shown !== currentHash };
}
