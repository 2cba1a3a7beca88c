// The server's door for plan features: every check of "does this account's plan include it" reads the one table
// (plan-features.ts); a refusal says featureRefusal(feature), the sentence naming the plans that include it.
import { db } from "~/modules/platform/database.server";
import { planIncludes, type PlanFeature } from "./plan-features";

export async function userPlan(userId: string): Promise<string> {
  return (await (await db()).user.findUniqueOrThrow({ where: { id: userId }, select: { plan: true } })).plan;
}

export async function accountIncludes(userId: string, feature: PlanFeature): Promise<boolean> {
  return planIncludes(await userPlan(userId), feature);
}
