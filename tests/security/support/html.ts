/** Just enough HTML reading for the security tests: forms, script tags, links. */

export function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  return match ? decodeEntities(match[1]) : null;
}

export interface PostForm {
  /** The form's opening tag and inner HTML (for finding the one wanted). */
  html: string;
  fields: [string, string][];
}

/** Every `method="POST"` form with its named inputs (a no-JS server action submission sends exactly these). */
export function postForms(html: string): PostForm[] {
  const forms: PostForm[] = [];
  for (const match of html.matchAll(/<form\b[^>]*method="POST"[^>]*>([\s\S]*?)<\/form>/gi)) {
    const fields: [string, string][] = [];
    for (const input of match[1].matchAll(/<input\b[^>]*>/gi)) {
      const name = attribute(input[0], "name");
      if (name !== null) fields.push([name, attribute(input[0], "value") ?? ""]);
    }
    forms.push({ html: match[0], fields });
  }
  return forms;
}

export function scriptTags(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
}

export function nonceOf(tag: string): string | null {
  return attribute(tag, "nonce");
}

export function cspDirectives(header: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** Same-origin paths linked from a page (href="/..."), without fragments. */
export function localLinks(html: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(/\shref="(\/[^"#]*)/g)) {
    const href = decodeEntities(match[1]);
    if (!href.startsWith("//") && !href.startsWith("/_next/")) links.add(href);
  }
  return [...links];
}
