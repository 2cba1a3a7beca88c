import { describe, expect, test } from "vitest";
import { PLANS } from "~/content/plans";
import { featureAvailability, featureRefusal, planCardLines, planIncludes } from "./plan-features";

describe("the table of features by plan", () => {
  test("refusals name the plans that include the feature", () => {
    expect(featureRefusal("speakerLabels")).toBe("Speaker labels are part of the Business Pro plan.");
    expect(featureRefusal("summaries")).toBe("Summaries are part of the Business Pro plan.");
    expect(featureRefusal("translation")).toBe("Translation is part of the Free, Premium and Business Pro plans.");
    expect(featureAvailability("speakerLabels")).toBe("Available on Business Pro.");
    expect(featureRefusal("teams")).toBe("Team workspaces are part of the Business Pro plan.");
  });

  test("every feature a card lists is one the plan includes, and every included feature is on a card", () => {
    for (const plan of PLANS) {
      expect(planIncludes(plan.id, "translation")).toBe(true);
      const onCards = PLANS.slice(0, PLANS.indexOf(plan) + 1).flatMap((cheaper) => planCardLines(cheaper).lines);
      expect(onCards.some((line) => line.startsWith("Speaker labels"))).toBe(planIncludes(plan.id, "speakerLabels"));
      expect(onCards.some((line) => line.startsWith("Summaries"))).toBe(planIncludes(plan.id, "summaries"));
      expect(onCards.some((line) => line.startsWith("Translation"))).toBe(planIncludes(plan.id, "translation"));
      expect(onCards.some((line) => line.startsWith("Team workspaces"))).toBe(planIncludes(plan.id, "teams"));
    }
  });

  test("an unknown plan is treated as Free", () => {
    expect(planIncludes("GOLD", "speakerLabels")).toBe(false);
    expect(planIncludes("GOLD", "translation")).toBe(true);
  });
});
