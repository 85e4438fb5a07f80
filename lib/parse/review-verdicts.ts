/** The three verdicts a review can give (kept apart so the command line can name them without loading the parser). */
export const REVIEW_VERDICTS = ["approved", "changes", "comment"] as const;
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number];
