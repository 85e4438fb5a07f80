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
  /** The ticket that undoes that completion, while the file is unchanged since. */
  undo?: string | null;
  /** The checkpoint that was completed (the repository page's "newest" may show another one next). */
  documentId?: string;
  /** The last submit undid a completion. */
  undone?: boolean;
}

export const initialWriteState: WriteFormState = { ok: false, message: null, errors: {}, conflict: false };
