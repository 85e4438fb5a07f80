import type { Verdict } from "@/components/verdict-badge";

export interface ReviewFormValues {
  reviewer: string;
  verdict: Verdict | "";
  comment: string;
}

export interface ReviewFormState {
  ok: boolean;
  message: string | null;
  errors: Partial<Record<"reviewer" | "verdict" | "comment" | "documentId", string[]>>;
  /** What was submitted, so that a refused form keeps the reviewer's text. */
  values: ReviewFormValues | null;
}

export const initialReviewState: ReviewFormState = { ok: false, message: null, errors: {}, values: null };
