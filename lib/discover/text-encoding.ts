/**
 * Files are UTF-8 almost always; a file that is not valid UTF-8 (an editor on Windows saving Latin-1 or
 * Windows-1252) is decoded as Windows-1252, a superset of Latin-1 in which every byte means a letter,
 * and says so, instead of showing its accented letters as replacement characters.
 */
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Windows-1252's letters for bytes 0x80-0x9F (Latin-1 has control characters there); undefined bytes stay as they are. */
const CP1252_HIGH = "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("latin1").replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
}

export const NOT_UTF8_NOTICE = "not valid UTF-8: read as Windows-1252 (Latin-1); save it as UTF-8 to be sure of every letter";

export interface DecodedText {
  text: string;
  /** Set when the bytes were not UTF-8 and another encoding was used. */
  notice: string | null;
}

export function decodeText(bytes: Uint8Array): DecodedText {
  try {
    // a UTF-8 byte order mark stays in the text, as before: parsers strip it where it matters
    return { text: utf8.decode(bytes), notice: null };
  } catch {
    return { text: decodeWindows1252(bytes), notice: NOT_UTF8_NOTICE };
  }
}
