// The one table of what each plan includes. The plan cards (components/pricing.tsx) list it, the pages offer a
// feature only where it says so, and the server's checks (plan-features.server.ts) refuse by it, with a sentence that
// names the plans that have it. Isomorphic: the cards and the pages read it in the browser too.
//
// Translation is on every plan: the product spec names it as what the product does for everyone ("Transcribes
// uploaded audio or live recordings and translates them"), and lists as tier features only "speaker labels, AI
// summary, unlimited usage, uploads up to 500MB" (section 6).
import { type Plan, PLANS, planById } from "~/content/plans";
import { exportFormatList } from "~/services/export/format-guide";

type PlanId = Plan["id"];
const EVERY_PLAN: readonly PlanId[] = PLANS.map((plan) => plan.id);

interface FeatureRow {
  /** What the plan cards say. */
  card: string;
  /** The subject of the refusal sentence: "Speaker labels are part of …". */
  name: string;
  plural: boolean;
  plans: readonly PlanId[];
}

export const PLAN_FEATURES = {
  timestamps: { card: "Timestamps", name: "Timestamps", plural: true, plans: EVERY_PLAN },
  translation: {
    card: "Translation, line by line with the timestamps",
    name: "Translation",
    plural: false,
    plans: EVERY_PLAN,
  },
  exports: { card: `Export as ${exportFormatList("and")}`, name: "Exports", plural: true, plans: EVERY_PLAN },
  speakerLabels: { card: "Speaker labels", name: "Speaker labels", plural: true, plans: ["BUSINESS_PRO"] },
  summaries: {
    card: "Summaries with key points and action items",
    name: "Summaries",
    plural: true,
    plans: ["BUSINESS_PRO"],
  },
  // Issue 32: an owner on Business Pro creates team workspaces and pays for their seats (ADR 035-teams).
  teams: {
    card: "Team workspaces: invite colleagues, give them roles, pay per seat",
    name: "Team workspaces",
    plural: true,
    plans: ["BUSINESS_PRO"],
  },
} as const satisfies Record<string, FeatureRow>;

export type PlanFeature = keyof typeof PLAN_FEATURES;

export function planIncludes(plan: string, feature: PlanFeature): boolean {
  return (PLAN_FEATURES[feature].plans as readonly string[]).includes(planById(plan).id);
}

/** "Speaker labels are part of the Business Pro plan." / "… of the Premium and Business Pro plans." */
export function featureRefusal(feature: PlanFeature): string {
  const { name, plural, plans } = PLAN_FEATURES[feature];
  const names = plans.map((id) => planById(id).name);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)} plans` : `${names[0]} plan`;
  return `${name} ${plural ? "are" : "is"} part of the ${list}.`;
}

/** Where a plan that lacks the feature is told it can get it: "Available on Business Pro." */
export function featureAvailability(feature: PlanFeature): string {
  return `Available on ${PLAN_FEATURES[feature].plans.map((id) => planById(id).name).join(" and ")}.`;
}

/**
 * A plan card's lines: the cheapest plan lists everything it includes; each plan above it says "Everything in …,
 * and:" and then only what it adds (more minutes, larger files, the features first included there).
 */
export function planCardLines(plan: Plan): { lead: string | null; lines: string[] } {
  const index = PLANS.findIndex((candidate) => candidate.id === plan.id);
  const below = index > 0 ? PLANS[index - 1] : null;
  const minutes =
    plan.minutesPerMonth === null
      ? "Unlimited transcription"
      : `${plan.minutesPerMonth} minutes of transcription a month`;
  const features = (Object.keys(PLAN_FEATURES) as PlanFeature[])
    .filter((feature) => planIncludes(plan.id, feature) && !(below && planIncludes(below.id, feature)))
    .map((feature) => PLAN_FEATURES[feature].card);
  return {
    lead: below ? `Everything in ${below.name}, and:` : null,
    lines: [minutes, `Uploads up to ${plan.maxUploadMB} MB`, ...features],
  };
}
