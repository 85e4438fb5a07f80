/**
 * The queue's sentence for a convention unit (a Spec Kit feature, a Conductor track, an OpenSpec change...): the
 * unit named the way its convention names it, its tasks, then the deciding fact.
 * "Spec 002-stt-api: 7 of 12 tasks done; its branch landed in main 3 days ago: complete it?"
 * Pure: the decision the queue's rules made, reworded; the action stays the rules' own.
 */
import { ago, type FreshnessView } from "../derive/freshness-wording";
import { FAMILY_NAMES, familyName } from "../parse/conventions/families";
import { unitOf } from "../parse/conventions/unit";
import type { QueueDecision } from "./queue-rules";

/** The families whose records are units with a sentence of their own (the others' meta is never read here). */
export const UNIT_FORMATS: readonly string[] = Object.entries(FAMILY_NAMES).flatMap(([format, name]) => (name.unit ? [format] : []));

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export function unitDecision(
  format: string,
  /** `meta.unit` as stored (JSON text), null for records that are not units. */
  unitJson: string | null,
  decision: QueueDecision,
  freshness: FreshnessView | null,
  now: Date = new Date(),
): QueueDecision {
  const noun = familyName(format)?.unit;
  if (!unitJson || !noun) return decision;
  let unit: ReturnType<typeof unitOf>;
  try {
    unit = unitOf({ unit: JSON.parse(unitJson) as unknown });
  } catch {
    return decision;
  }
  if (!unit) return decision;
  const tasks = unit.tasksTotal > 0 ? `${unit.tasksDone} of ${unit.tasksTotal} tasks done` : "no tasks listed";
  const fact = freshness?.landed && decision.action === "complete" ? `its branch landed in ${freshness.landed.into} ${ago(freshness.landed.at, now)}: complete it?` : lowerFirst(decision.reason);
  return { ...decision, reason: `${noun} ${unit.id}: ${tasks}; ${fact}` };
}

/** A status that says the work has not begun (a board's "To Do" column), not the state of work under way. */
const NOT_STARTED = /^(?:to[ -_]?do|not[ -_]started|backlog|icebox)$/i;

/**
 * A unit nothing has begun on (its status says "To Do" and none of its tasks is ticked: a Backlog.md board's
 * waiting column) waits in the lists, not the queue: a board of hundreds of tasks would bury the work under way.
 */
export function unitNotStarted(unitJson: string | null): boolean {
  if (!unitJson) return false;
  try {
    const unit = unitOf({ unit: JSON.parse(unitJson) as unknown });
    const said = unit?.statements.at(-1)?.raw.trim() ?? "";
    return !!unit && unit.tasksDone === 0 && NOT_STARTED.test(said);
  } catch {
    return false;
  }
}
