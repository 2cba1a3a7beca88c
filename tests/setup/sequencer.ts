import fs from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order of the projects' files when no slow test puts a file first: the projects whose files hold long single
 * tests (real servers, engines) early, and the unit files, short and many, last, where they fill both workers until
 * the end of the run.
 */
const PROJECT_ORDER = ["security", "engines", "integration-postgres", "integration-pglite", "unit"];

/** Every test over 30 s names its reason in its title, as "(slow: …)" (issue 31). */
const SLOW_TEST = /\(slow: /g;

/**
 * Runs the files with the longest tests first, so that a run does not end with one worker finishing a long file while
 * the other waits. Vitest's own order runs the projects one after another, by name, and within a project it runs the
 * longest files first only once a run on this machine has recorded their times; a fresh clone has none. Here the
 * files with the most tests named slow go first, then the projects in PROJECT_ORDER, each in Vitest's own order.
 */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slowTests = new Map(
      sorted.map((file) => [file, fs.readFileSync(file.moduleId, "utf8").match(SLOW_TEST)?.length ?? 0]),
    );
    const projectRank = (file: TestSpecification) => {
      const rank = PROJECT_ORDER.indexOf(file.project.name);
      return rank === -1 ? PROJECT_ORDER.length : rank;
    };
    // Array.prototype.sort is stable: within a project, Vitest's order stands.
    return sorted.sort((a, b) => slowTests.get(b)! - slowTests.get(a)! || projectRank(a) - projectRank(b));
  }
}
