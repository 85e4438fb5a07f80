import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { WriteError } from "../write/errors";
import { ToolInputError } from "./errors";

/** A tool answer: structured content for programs, the same facts as text for the model. */
export function answer(structured: Record<string, unknown>, text: string): CallToolResult {
  return { structuredContent: structured, content: [{ type: "text", text }] };
}

export function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: message }] };
}

/** Known failures become tool errors in their own words; anything else is logged on stderr and named briefly. */
export async function guarded(tool: string, run: () => CallToolResult | Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ToolInputError || error instanceof WriteError) return toolError(error.message);
    if (error instanceof Error && error.name === "ResumeError") return toolError(error.message);
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`cairn mcp: ${tool} failed: ${error instanceof Error && error.stack ? error.stack : message}\n`);
    return toolError(`${tool} failed: ${message.split("\n")[0]}`);
  }
}
