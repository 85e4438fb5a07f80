/** A tool error the agent can act on: its message is shown as is, never a stack trace. Pure. */
export class ToolInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolInputError";
  }
}

export const RUN_INDEX_FIRST = "run `cairn index --root DIR` first";
