/**
 * A YAML number whose text is not how the number prints ("0123456", "12e4567", "1.50") was most often never meant
 * as a number: a short commit sha (`head: 0123456` read as 123456, `head: 12e4567` as Infinity), a version, an
 * id. Such scalars keep the text as written; numbers that print as written (42, 1.5) stay numbers.
 */
import { visit, type Document } from "yaml";

export function keepNumberText(doc: Document): void {
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === "number" && typeof node.source === "string" && node.source !== String(node.value)) node.value = node.source;
    },
  });
}
