/** The typed state of the "Edit details" form (kept out of the "use server" file: only actions may be exported there). */
export interface EditDetailsValues {
  title: string;
  status: string;
  branch: string;
  headSha: string;
  savedAt: string;
}

export interface EditDetailsState {
  ok: boolean;
  message: string | null;
  /** Field errors by field name (`title`, `status`, `branch`, `headSha`, `savedAt`). */
  errors: Partial<Record<keyof EditDetailsValues | "documentId", string[] | undefined>>;
  /** What the user typed, kept when the form is sent back with errors. */
  values: EditDetailsValues | null;
}

export const initialEditDetailsState: EditDetailsState = { ok: false, message: null, errors: {}, values: null };
