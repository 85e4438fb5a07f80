import "server-only";

/** Why a write was not made. Every failure leaves the target file exactly as it was. */
export type WriteErrorCode =
  /** The file on disk is not the one the form was rendered with. */
  | "conflict"
  /** The target is not an allowed file (outside a repository, a symlink, a `..` path, not allowlisted...). */
  | "refused"
  /** The document, repository or file does not exist. */
  | "not-found"
  /** Another writer holds the file's lock and did not let go in time. */
  | "locked"
  /** The edit itself could not be made (e.g. the status value is not where it should be). */
  | "invalid-edit"
  /** The file system failed (permissions, disk full...). */
  | "io";

export const CONFLICT_MESSAGE = "the file changed on disk since you opened it; reload to see the new version";

export class WriteError extends Error {
  readonly code: WriteErrorCode;
  constructor(code: WriteErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "WriteError";
    this.code = code;
  }
}

export function isWriteError(error: unknown): error is WriteError {
  return error instanceof WriteError;
}

/** A message fit for a form or the CLI's one-line stderr. */
export function describeWriteError(error: unknown): string {
  if (error instanceof WriteError) return error.message;
  if (error instanceof Error) return `the write failed: ${error.message}`;
  return `the write failed: ${String(error)}`;
}
