import "server-only";

/** The one safe writer: every write into a repository goes through `safeWrite`. */
export { safeWrite, type EditContext, type WriteOutcome, type WriteRequest } from "./writer";
export { CONFLICT_MESSAGE, WriteError, describeWriteError, isWriteError, type WriteErrorCode } from "./errors";
export { CAIRNIGNORE_PATH, PROJECT_NOTES_PATH, assertDocumentId, assertRelativePath, type WriteKind, type WriteTarget } from "./paths";
export { LOCK_STALE_MS, LOCK_WAIT_MS, lockPathFor, type LockOptions } from "./lock";
export type { WriteHooks } from "./atomic";
export { locateStatus, replaceRanges, type ByteRange, type StatusFormat } from "./status-edit";
export { WRITE_READ_MAX_BYTES, assertUnchanged, diskHash, loadDocument, readDocumentBytes, refreshDocument, type LoadedDocument } from "./document-state";
export { locateUnitStatus } from "./unit-status";
