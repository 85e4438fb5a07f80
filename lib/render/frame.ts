import "server-only";
import { parse, serialize, type DefaultTreeAdapterMap } from "parse5";

/**
 * The HTML of an original checkpoint for a sandboxed `srcdoc` frame. The document is parsed (parse5, as a
 * browser with scripting off would, which is what the frame is) and the policy is put first in the real
 * head: text that only looks like a head (`<!-- <head> -->`, `<textarea><head>`) cannot push it aside.
 * Nothing in the file can load anything: the policy blocks every network load (the file's own inline CSS
 * still applies), and the elements that reach the network outside CSP (`<link>`: prefetch, preconnect,
 * dns-prefetch) or navigate the frame (`<meta http-equiv=refresh>`) are dropped.
 */

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];
type ParentNode = DefaultTreeAdapterMap["parentNode"];

export const FRAME_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; media-src data:; form-action 'none'; base-uri 'none'";

const isElement = (node: Node): node is Element => "tagName" in node;

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

function dropped(element: Element): boolean {
  if (element.tagName === "link") return true;
  if (element.tagName === "meta") {
    const equiv = attribute(element, "http-equiv")?.trim().toLowerCase();
    return equiv === "refresh" || equiv === "set-cookie";
  }
  return false;
}

function element(tagName: string, attrs: Record<string, string>, parentNode: ParentNode): Element {
  return {
    nodeName: tagName,
    tagName,
    attrs: Object.entries(attrs).map(([name, value]) => ({ name, value })),
    namespaceURI: "http://www.w3.org/1999/xhtml" as Element["namespaceURI"],
    childNodes: [],
    parentNode,
  };
}

/** Every element, without recursion (a document may nest a hundred thousand levels deep). */
function removeDropped(root: ParentNode): void {
  const stack: ParentNode[] = [root];
  while (stack.length) {
    const parent = stack.pop()!;
    parent.childNodes = parent.childNodes.filter((child) => !(isElement(child) && dropped(child)));
    for (const child of parent.childNodes) {
      if (isElement(child)) {
        stack.push(child);
        if (child.tagName === "template" && "content" in child) stack.push((child as DefaultTreeAdapterMap["template"]).content);
      }
    }
  }
}

function findChild(parent: ParentNode, tagName: string): Element | undefined {
  return parent.childNodes.find((n): n is Element => isElement(n) && n.tagName === tagName);
}

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
}

const POLICY_META = `<meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}">`;

export function originalHtmlForFrame(html: string): string {
  try {
    const document = parse(html, { scriptingEnabled: false });
    removeDropped(document);
    const root = findChild(document, "html");
    const head = root && findChild(root, "head");
    if (!head) throw new Error("no head");
    const first = [
      element("meta", { "http-equiv": "Content-Security-Policy", content: FRAME_POLICY }, head),
      element("meta", { "http-equiv": "x-dns-prefetch-control", content: "off" }, head),
      element("base", { target: "_blank" }, head),
    ];
    head.childNodes.unshift(...first);
    return serialize(document);
  } catch {
    // too deep to serialise, or not parseable: the source as text, under the same policy
    return `<!DOCTYPE html><html><head>${POLICY_META}</head><body><pre>${escapeText(html)}</pre></body></html>`;
  }
}
