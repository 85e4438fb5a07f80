import { describe, expect, it } from "vitest";
import { canonicalHeading, cleanHeading } from "./headings";

describe("cleanHeading", () => {
  it("drops numbering, emoji, emphasis and trailing colons", () => {
    expect(cleanHeading("1. Goal")).toBe("Goal");
    expect(cleanHeading("## 2) Next Steps:")).toBe("Next Steps");
    expect(cleanHeading("🎯 **Decisions:**")).toBe("Decisions");
    expect(cleanHeading("Step 3: Verify")).toBe("Verify");
    expect(cleanHeading("✅ Work completed ✓")).toBe("Work completed");
  });
});

describe("canonicalHeading", () => {
  it.each([
    ["What We're Working On", "working-on"],
    ["1. Goal", "working-on"],
    ["## Task", "working-on"],
    ["Accomplished This Session", "done"],
    ["What we just did", "done"],
    ["Work completed", "done"],
    ["Decisions Made", "decisions"],
    ["What Was Decided (and Why)", "decisions"],
    ["Session Context", "context"],
    ["Important Context", "context"],
    ["Remaining Work", "remaining"],
    ["Current Progress", "remaining"],
    ["Next Steps", "next-steps"],
    ["Immediate Next Steps", "next-steps"],
    ["Do this first next session", "next-steps"],
    ["Next Session Start Protocol", "next-steps"],
    ["Blockers/Open Questions", "blockers"],
    ["Open blockers", "blockers"],
    ["Blockers / Gotchas", "blockers"],
    ["Gotchas & Notes", "gotchas"],
    ["Potential Gotchas", "gotchas"],
    ["Watchlist", "gotchas"],
    ["Key Files", "key-files"],
    ["Critical Files", "key-files"],
    ["Modified Files", "modified-files"],
    ["Files Modified", "modified-files"],
    ["Files left dirty (uncommitted on purpose)", "modified-files"],
    ["Uncommitted Changes", "modified-files"],
    ["Verified Approaches", "verified"],
    ["Failed Approaches", "failed"],
    ["Failed approaches (do not retry)", "failed"],
    ["Research & References", "research"],
    ["Current State", "state"],
    ["Where We Left Off", "state"],
    ["Current State Summary", "state"],
    ["Nächste Schritte", "next-steps"],
    ["Entscheidungen", "decisions"],
    ["Prochaines étapes", "next-steps"],
    ["Próximos passos", "next-steps"],
    ["Decisões", "decisions"],
    ["다음 단계", "next-steps"],
    ["결정 사항", "decisions"],
    ["הצעדים הבאים", "next-steps"],
    ["Następne kroki", "next-steps"],
  ])("%s -> %s", (heading, canonical) => {
    expect(canonicalHeading(heading)).toBe(canonical);
  });

  it("returns null for headings that name no section", () => {
    expect(canonicalHeading("Appendix B")).toBeNull();
    expect(canonicalHeading("")).toBeNull();
  });
});
