/** The typed state of the triage forms (pin, snooze, archive and their undo); kept out of the "use server" file. */
export interface MarkFormState {
  ok: boolean;
  message: string | null;
  /** Field errors by field name (`until`, `documentId`, `action`). */
  errors: Record<string, string[] | undefined>;
}

export const initialMarkState: MarkFormState = { ok: false, message: null, errors: {} };

/** The queue row's primary actions (Complete, Copy prompt): a message, and the prompt text to copy. */
export interface QueueFormState {
  ok: boolean;
  message: string | null;
  text: string | null;
  /** After a Complete: the ticket that undoes it, while the file is unchanged since (null: nothing to undo). */
  undo?: string | null;
}

export const initialQueueState: QueueFormState = { ok: false, message: null, text: null };
