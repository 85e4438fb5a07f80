/** The typed state of the triage forms (pin, snooze, archive and their undo); kept out of the "use server" file. */
export interface MarkFormState {
  ok: boolean;
  message: string | null;
  /** Field errors by field name (`until`, `documentId`, `action`). */
  errors: Record<string, string[] | undefined>;
}

export const initialMarkState: MarkFormState = { ok: false, message: null, errors: {} };
