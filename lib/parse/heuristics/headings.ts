/** Heading aliases (any case, numbering, emoji, translations) mapped to Cairn's canonical sections. */
import type { CanonicalSection } from "../types";
import { squash, stripInlineMarkdown, trimEndWhere } from "./text";

const EMOJI = /[\p{Extended_Pictographic}\u{FE0F}\u{200D}\u{20E3}✓✔✗✘☐☑⚠★☆→←•·∎]/gu;

/** Headings repeat (every entry of a log has its "## Next steps"): each distinct text is cleaned once. */
const cleaned = new Map<string, string>();

/** The heading as words: no Markdown, emoji, numbering ("1.", "Step 2:", "A)") or trailing colon. */
export function cleanHeading(heading: string): string {
  const known = cleaned.get(heading);
  if (known !== undefined) return known;
  const words = cleanHeadingOnce(heading);
  if (cleaned.size > 4000) cleaned.clear();
  cleaned.set(heading, words);
  return words;
}

function cleanHeadingOnce(heading: string): string {
  let h = stripInlineMarkdown(heading.replace(/^\s*#+\s*/, "")).replace(EMOJI, " ");
  h = squash(h);
  h = h.replace(/^(?:(?:step|phase|part|schritt|étape|etapa|fase)\s+)?(?:\d+(?:\.\d+)*|[a-h]|[ivx]+)[.):]\s+/i, "");
  h = h.replace(/^\d+(?:\.\d+)*\s*[-–—:]\s*/, "").replace(/^\d+\s+(?=\p{L})/u, "");
  // trailing marks trimmed by a loop: `[\s:：.\-–—]+$` read each run of them again from every position in it
  h = trimEndWhere(h.replace(/^[-–—:|#\s]+/, ""), (c) => /[\s:：.\-–—]/.test(c));
  return squash(h);
}

/** Ordered: the first rule that matches wins, so specific phrases come before broad words. */
const RULES: Array<[CanonicalSection, RegExp]> = [
  ["failed", /\bfail(ed|ures?)?\b.*\b(approach|attempt|idea|experiment)|what (didn'?t|did not|doesn'?t) work|dead[ -]ends?|tried and failed|do not retry|don'?t retry|rejected (approach|idea|option)s?|fehlgeschlagen|échecs?|tentativas falhadas|실패|ניסיונות שנכשלו|nieudane/i],
  ["verified", /verified|verification|what works|validated|confirmed working|proven|tests? (passing|results)|verifiziert|vérifié|verificad|검증|אומת/i],
  ["modified-files", /(modified|changed|touched|edited|dirty|uncommitted|staged) (files|changes)|files? (modified|changed|touched|edited|left dirty|in flight)|uncommitted|git status|geänderte dateien|fichiers modifiés|arquivos modificados|ficheiros alterados|file modificati|archivos modificados|변경(된)? 파일|קבצים ששונו|zmienione pliki/i],
  ["key-files", /(key|critical|important|relevant|main|core|reference|essential) files?|files? to (read|review|know|look at)|where to look|file map|wichtige dateien|fichiers clés|arquivos[- ]chave|ficheiros[- ]chave|file chiave|archivos clave|핵심 파일|주요 파일|קבצים חשובים|kluczowe pliki|^files$/i],
  ["blockers", /blocker|blocked|blocking|open (questions?|problems?|issues?)|impediments?|unresolved|risks?\b|hindernisse|blockaden|offene fragen|bloqueios|bloqueos|bloccanti|questions ouvertes|bloquants|블로커|차단|חסמים|blokery|⛔/i],
  ["gotchas", /gotchas?|pitfalls?|caveats?|warnings?|watch ?(out|list)|be careful|known issues|lessons?( learned)?|traps?|heads[- ]up|stolperfallen|fallstricke|pièges|armadilhas|cuidados|avvertenze|trampas|주의|מלכודות|pułapki/i],
  ["next-steps", /next (steps?|session|actions?|up|tasks?|moves?)|do (this )?first|start (here|protocol)|what'?s next|up next|to ?do next|immediate|action items|resume (here|from|instructions|prompt)|kickoff|pick up|how to (continue|resume)|nächste schritte|nächste sitzung|prochaines? étapes?|próximos passos|próximos pasos|prossimi passi|siguientes pasos|다음 (단계|세션|작업)|הצעדים הבאים|הבא|następne kroki|kolejne kroki/i],
  ["done", /^(?:completed|finished|done|closed|shipped)\b.*\b(?:tasks?|items?|work|steps?|this session)\b|^(?:tasks?|work|items?) (?:completed|done|finished)/i],
  ["remaining", /remaining|left to do|still to do|outstanding|pending|open (items|tasks|work|points)|backlog|to-?dos?\b|task list|tasks|checklist|(current )?progress|plan\b|roadmap|offene (punkte|aufgaben)|restant|à faire|pendente|pendientes|in sospeso|da fare|남은|할 일|진행 상황|נותר|משימות|pozostał|do zrobienia/i],
  ["decisions", /decisions?|decided|design choices?|choices made|trade-?offs?|rationale|entscheidungen|décisions?|decisões|decisiones|decisioni|결정|החלטות|decyzje|ustalenia/i],
  ["done", /accomplish|what (we|i|was) (just )?(did|done|built|shipped|changed|completed)|done|completed|finished|achievements?|changes made|work (log|completed)|what changed|changelog|shipped|delivered|commits? (made|this session)|recent commits|erledigt|abgeschlossen|erreicht|réalisé|accompli|concluído|realizado|feito|completato|fatto|completado|hecho|완료|한 일|작업 내역|הושלם|מה נעשה|zrobione|wykonane/i],
  ["research", /research|references?|sources?|links?|resources|reading|findings|investigated|documentation|recherche|referências|pesquisa|riferimenti|investigación|조사|참고|מחקר|źródła/i],
  ["state", /(current|present) (state|status)|^state\b|^status\b|where (we|i|things) (left off|stand|are)|left off|stopped|snapshot|health|stand der dinge|aktueller stand|état actuel|estado atual|estado actual|stato attuale|현재 상태|상태|מצב|stan obecny|status/i],
  ["context", /context|background|why|learned|learnings|insights|notes|summary|overview|situation|kontext|hintergrund|contexte|contexto|contesto|맥락|배경|요약|הקשר|רקע|kontekst|tło|podsumowanie/i],
  ["working-on", /working on|worked on|work(ing)? item|goal|objective|task|purpose|mission|request|intent|focus|in flight|aim|problem|ziel|aufgabe|objectif|tâche|objetivo|tarefa|obiettivo|compito|tarea|목표|작업|מטרה|משימה|cel\b|zadanie/i],
];

/** Each distinct heading's section, worked out once (a page's readers ask about every heading several times). */
const sectionOf = new Map<string, CanonicalSection | null>();

/** The canonical section a heading names, or null. */
export function canonicalHeading(heading: string): CanonicalSection | null {
  const known = sectionOf.get(heading);
  if (known !== undefined) return known;
  const section = sectionOnce(heading);
  if (sectionOf.size > 4000) sectionOf.clear();
  sectionOf.set(heading, section);
  return section;
}

function sectionOnce(heading: string): CanonicalSection | null {
  const cleaned = cleanHeading(heading);
  if (!cleaned) return null;
  for (const [canonical, pattern] of RULES) {
    if (pattern.test(cleaned)) return canonical;
  }
  return null;
}
