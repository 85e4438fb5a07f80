/** A section's text without what is never a task, title, gotcha, decision or context line: code fences, HTML comments, <style>/<script>. */
import { outline } from "./markdown";

export function proseOnly(markdown: string): string {
  const o = outline(markdown.replace(/\r\n?/g, "\n"));
  return o.lines.filter((_, i) => !o.inCode[i]).join("\n");
}
