import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/_plans.plan-selection";
import { trackEvent } from "~/components/analytics";
import { PageHeader, pageMeta } from "~/components/page";
import { Pricing } from "~/components/pricing";
import { buttonClass } from "~/components/ui/button";
import { FormAlert, FormErrors } from "~/components/ui/field";
import { type BillingPeriod, parseBillingPeriod, type Plan, PLANS } from "~/content/plans";
import { db } from "~/modules/platform/database.server";
import { getUserId, requireUserId } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { readForm } from "~/modules/platform/request-body.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = () =>
  pageMeta("Choose your plan", "Free, Premium or Business Pro: weekly or monthly, cancel anytime.");

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const userId = await getUserId(request);
  const user = userId
    ? await (await db()).user.findUnique({ where: { id: userId }, select: { plan: true, requestedPlan: true } })
    : null;
  return { user, billing: parseBillingPeriod(url.searchParams.get("billing")), path: url.pathname };
}

const ChoosePlanSchema = z.object({
  plan: z.enum(["FREE", "PREMIUM", "BUSINESS_PRO"], { error: "Choose Free, Premium or Business Pro." }),
  billing: z.enum(["weekly", "monthly"]).default("weekly"),
});

export async function action({ request }: Route.ActionArgs) {
  const userId = await requireUserId(request);
  const submission = parseWithZod(await readForm(request), { schema: ChoosePlanSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { plan, billing } = submission.value;
  const database = await db();
  if (plan === "FREE") {
    await database.user.update({ where: { id: userId }, data: { requestedPlan: null } });
    return redirectWithToast("/dashboard", {
      type: "success",
      title: "You're on the Free plan",
      description: "5 minutes of transcription every month.",
    });
  }
  // Card payment is not available yet: record the choice and keep the account on Free until it is paid.
  await database.user.update({ where: { id: userId }, data: { requestedPlan: plan } });
  const name = PLANS.find((candidate) => candidate.id === plan)!.name;
  return redirectWithToast(`${new URL(request.url).pathname}?billing=${billing}`, {
    type: "message",
    title: `${name} noted`,
    description: "Card payment is not available yet, so your account stays on the Free plan for now.",
  });
}

export default function PlanSelection() {
  const { user, billing, path } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const requested = user?.requestedPlan ? PLANS.find((plan) => plan.id === user.requestedPlan) : undefined;
  return (
    <>
      <PageHeader
        eyebrow="Plans"
        title="Choose your plan"
        lead="Start free with 5 minutes a month, or pick a plan with more minutes. Cancel anytime and keep your data."
      />
      {requested ? (
        <div className="mx-auto mt-8 max-w-3xl px-4">
          <FormAlert tone="success" title={`You chose ${requested.name}`}>
            Card payment is not available yet. Your account stays on the Free plan (5 minutes a month) until you can pay
            for {requested.name}.
          </FormAlert>
        </div>
      ) : null}
      <section id="pricing" className="py-12">
        <Pricing
          period={billing}
          basePath={path}
          renderCta={
            user
              ? (plan) => (
                  <PlanChoice
                    plan={plan}
                    billing={billing}
                    current={plan.id === user.plan && !user.requestedPlan}
                    reply={reply}
                  />
                )
              : undefined
          }
        />
      </section>
    </>
  );
}

/** One plan's button: a form of its own, so the plan is the button's value (no JavaScript needed). */
function PlanChoice({
  plan,
  billing,
  current,
  reply,
}: {
  plan: Plan;
  billing: BillingPeriod;
  current: boolean;
  reply: SubmissionResult<string[]> | undefined;
}) {
  const [form] = useForm({
    id: `plan-${plan.id}`,
    // A refused choice (only a forged post can name another plan) shows under the first card.
    lastResult: plan.id === PLANS[0]!.id ? reply : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChoosePlanSchema }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-6"
      onSubmit={(event) => {
        trackEvent("select_plan", {
          category: "subscription",
          label: `${plan.name} (${billing})`,
          value: Number(plan.price[billing].replace("$", "")),
          plan: plan.id,
        });
        form.onSubmit(event);
      }}
    >
      <FormErrors form={form} />
      <input type="hidden" name="billing" value={billing} />
      <button
        type="submit"
        name="plan"
        value={plan.id}
        className={buttonClass(plan.popular ? "primary" : "secondary", "w-full")}
      >
        {current ? `Continue with ${plan.name}` : plan.cta}
      </button>
    </Form>
  );
}

export const ErrorBoundary = () => <GeneralErrorBoundary />;
