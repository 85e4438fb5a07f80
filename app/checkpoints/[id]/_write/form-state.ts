/** The typed state every write form returns (kept out of the "use server" file: only actions may be exported there). */
export interface WriteFormState {
  ok: boolean;
  message: string | null;
  /** Field errors by field name (`documentId`, `pick-3`, ...). */
  errors: Record<string, string[] | undefined>;
  /** The file changed on disk since the form was rendered. */
  conflict: boolean;
  /** What a completion did, when it succeeded. */
  outcome?: "written" | "completed-in-cairn" | "already-completed";
}

export const initialWriteState: WriteFormState = { ok: false, message: null, errors: {}, conflict: false };
