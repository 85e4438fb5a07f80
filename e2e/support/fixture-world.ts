import { buildWorld, type World } from "../../scripts/fixtures/world";

/** Two repositories of every family plus the hostile and odd files the e2e suite looks at. */
export function buildFixtureWorld(dir: string): World {
  return buildWorld(dir, { repositories: 2, htmlCheckpoints: 3, start: new Date("2026-11-01T08:00:00Z") });
}
