/**
 * Stop words: Snowball's lists, through @orama/stopwords. English and Russian ones (the most frequent words
 * of the corpora's two largest languages) are left out of the ranked index and out of queries; the other
 * languages' lists only out of queries, so a word that is a stop word in one language and a real word in
 * another ("war", "die", "also") stays findable in files.
 */
import { stopwords as english } from "@orama/stopwords/english";
import { stopwords as russian } from "@orama/stopwords/russian";
import { stopwords as portuguese } from "@orama/stopwords/portuguese";
import { stopwords as spanish } from "@orama/stopwords/spanish";
import { stopwords as german } from "@orama/stopwords/german";
import { stopwords as french } from "@orama/stopwords/french";
import { stopwords as dutch } from "@orama/stopwords/dutch";
import { stopwords as italian } from "@orama/stopwords/italian";

function fold(word: string): string {
  return word.normalize("NFD").replace(/[\u0300-\u036f]/g, "").normalize("NFC").toLowerCase();
}

/**
 * Words of questions that name no work ("where did we leave ...", "which ... still has to ..."): data, like
 * the lists above, for the question forms people and agents type.
 */
const QUESTION_WORDS = ["still", "yet", "already", "left", "anything", "something", "please", "ok", "okay", "currently", "now", "whats", "wheres"];

/** Dropped from the index and from queries. */
export const STOP_WORDS: ReadonlySet<string> = new Set([...english, ...russian].flatMap((w) => [w.toLowerCase(), fold(w)]));

/** Dropped from queries only. */
export const QUERY_STOP_WORDS: ReadonlySet<string> = new Set(
  [...STOP_WORDS, ...QUESTION_WORDS, ...portuguese, ...spanish, ...german, ...french, ...dutch, ...italian].flatMap((w) => [w.toLowerCase(), fold(w)]),
);
