/** The typed state of the checkout choice form (kept out of the "use server" file: only actions may be exported there). */
export interface ChooseCheckoutState {
  errors: Record<string, string[] | undefined>;
  message: string | null;
}

export const initialChooseCheckoutState: ChooseCheckoutState = { errors: {}, message: null };
