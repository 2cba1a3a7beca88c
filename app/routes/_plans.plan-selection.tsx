import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, redirect, useActionData, useLoaderData, useRevalidator } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/_plans.plan-selection";
import { trackEvent } from "~/components/analytics";
import { PageHeader, pageMeta } from "~/components/page";
import { Pricing } from "~/components/pricing";
import { buttonClass } from "~/components/ui/button";
import { FormAlert, FormErrors } from "~/components/ui/field";
import { formReplyOf, pageRefusal } from "~/components/ui/form-reply";
import { type BillingPeriod, parseBillingPeriod, type Plan, PLANS, planById } from "~/content/plans";
import {
  abandonCheckout,
  billingSummary,
  checkoutProgress,
  currentPlan,
  paymentsEnabled,
  portalUrl,
  startCheckout,
  stayOnFree,
} from "~/modules/billing/billing.server";
import { withFormRefusals } from "~/modules/platform/refusals.server";
import { formatMinutes } from "~/modules/usage/usage";
import { useHydrated } from "~/utils/use-hydrated";
import { getUserId, requireUserId } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { readForm } from "~/modules/platform/request-body.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = () =>
  pageMeta("Choose your plan", "Free, Premium or Business Pro: weekly or monthly, cancel anytime.");

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const userId = await getUserId(request);
  const billing = parseBillingPeriod(url.searchParams.get("billing"));
  const checkout = url.searchParams.get("checkout");
  const base = { billing, path: url.pathname, paymentsEnabled: paymentsEnabled() };
  if (!userId) return { ...base, user: null, processing: false, confirmed: null, subscribed: false };
  if (checkout === "cancelled") {
    await abandonCheckout(userId);
    return redirectWithToast(url.pathname, {
      type: "message",
      title: "Checkout cancelled",
      description: "You have not been charged, and your plan has not changed.",
    });
  }
  const progress = checkout === "success" ? await checkoutProgress(userId, url.searchParams.get("session_id")) : null;
  if (progress?.state === "confirmed") {
    const plan = planById(progress.plan);
    return redirectWithToast(`${url.pathname}?checkout=confirmed&billing=${progress.period ?? billing}`, {
      type: "success",
      title: "Payment successful",
      description: `You're on ${plan.name}: ${plan.minutesPerMonth === null ? "unlimited transcription" : formatMinutes(plan.minutesPerMonth)}. Thank you!`,
    });
  }
  const [user, summary] = await Promise.all([currentPlan(userId), billingSummary(userId)]);
  return {
    ...base,
    user,
    // The redirect from Checkout alone changes nothing: the plan waits for Stripe's webhook.
    processing: progress !== null,
    confirmed: checkout === "confirmed" && summary.planSource === "STRIPE" ? user.plan : null,
    subscribed: summary.planSource === "STRIPE" && summary.status !== null && summary.plan !== "FREE",
  };
}

const ChoosePlanSchema = z.object({
  plan: z.enum(["FREE", "PREMIUM", "BUSINESS_PRO"], { error: "Choose Free, Premium or Business Pro." }),
  billing: z.enum(["weekly", "monthly"]).default("weekly"),
});

export const action = withFormRefusals(async ({ request }: Route.ActionArgs) => {
  const userId = await requireUserId(request);
  const submission = parseWithZod(await readForm(request), { schema: ChoosePlanSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { plan, billing } = submission.value;
  const summary = await billingSummary(userId);
  if (plan === "FREE") {
    // A subscriber cancels in the portal: the plan runs to the end of the paid period, then Free.
    if (summary.planSource === "STRIPE" && summary.canManage) return redirect(await portalUrl(userId), 303);
    await stayOnFree(userId);
    return redirectWithToast("/dashboard", {
      type: "success",
      title: "You're on the Free plan",
      description: "5 minutes of transcription every month.",
    });
  }
  // Stripe Checkout (or, for a subscriber, the portal, which changes plan and period with proration).
  const next = await startCheckout(userId, plan, billing);
  return redirect(next.url, 303);
});

export default function PlanSelection() {
  const { user, billing, path, paymentsEnabled, processing, confirmed, subscribed } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <>
      <PageHeader
        eyebrow="Plans"
        title="Choose your plan"
        lead="Start free with 5 minutes a month, or pick a plan with more minutes. Cancel anytime and keep your data."
      />
      {processing ? <PaymentProcessing /> : null}
      {confirmed ? <ConfirmedPurchase plan={confirmed} billing={billing} /> : null}
      {pageRefusal(reply) ? (
        <div className="mx-auto mt-8 max-w-3xl px-4">
          <FormAlert title="Checkout did not start">{pageRefusal(reply)}</FormAlert>
        </div>
      ) : null}
      {user && !paymentsEnabled ? (
        <div className="mx-auto mt-8 max-w-3xl px-4">
          <FormAlert tone="success" title="Payments are not set up on this server">
            Paid plans cannot be bought here. An administrator can grant one to your account.
          </FormAlert>
        </div>
      ) : null}
      <section id="pricing" className="py-12">
        <Pricing
          period={billing}
          basePath={path}
          renderCta={
            user
              ? (plan) =>
                  plan.id !== "FREE" && !paymentsEnabled ? (
                    <p className="mt-6 rounded-md border border-slate-200 bg-slate-50 p-3 text-center text-sm text-slate-700">
                      Payments are not set up on this server
                    </p>
                  ) : (
                    <PlanChoice
                      plan={plan}
                      billing={billing}
                      current={plan.id === user.plan}
                      subscribed={subscribed}
                      reply={formReplyOf(reply)}
                    />
                  )
              : undefined
          }
        />
      </section>
    </>
  );
}

/** How often the success page asks whether Stripe's webhook has confirmed the payment. */
const PAYMENT_POLL_MS = 2000;

/** Back from Checkout, before the webhook: polls with JavaScript; without it, a Refresh link does the same. */
function PaymentProcessing() {
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, PAYMENT_POLL_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <div className="mx-auto mt-8 max-w-3xl px-4">
      <div role="status" className="rounded-md border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800">
        <p className="font-semibold">Payment processing…</p>
        <p className="mt-1">
          Stripe is confirming your payment. Your plan changes as soon as it has
          {hydrated ? "; this page updates by itself." : "."}
        </p>
        {hydrated ? null : (
          <a href="" className="mt-2 inline-block font-semibold text-brand-700 underline">
            Refresh
          </a>
        )}
      </div>
    </div>
  );
}

/** The confirmed payment, reported once to analytics (only loaded with analytics consent). */
function ConfirmedPurchase({ plan, billing }: { plan: string; billing: BillingPeriod }) {
  const bought = planById(plan);
  useEffect(() => {
    trackEvent("purchase", subscriptionEvent(bought, billing));
  }, [bought, billing]);
  return null;
}

/** Spec section 3: subscription events carry category, label, value and the plan. */
function subscriptionEvent(plan: Plan, billing: BillingPeriod) {
  return {
    category: "subscription",
    label: `${plan.name} (${billing})`,
    value: Number(plan.price[billing].replace("$", "")),
    plan: plan.id,
  };
}

/** One plan's button: a form of its own, so the plan is the button's value (no JavaScript needed). */
function PlanChoice({
  plan,
  billing,
  current,
  subscribed,
  reply,
}: {
  plan: Plan;
  billing: BillingPeriod;
  current: boolean;
  /** A paying subscriber: changes go through the Customer Portal. */
  subscribed: boolean;
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
        trackEvent("select_plan", subscriptionEvent(plan, billing));
        if (plan.id !== "FREE" && !subscribed) trackEvent("begin_checkout", subscriptionEvent(plan, billing));
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
        {current ? (subscribed ? "Manage billing" : `Continue with ${plan.name}`) : plan.cta}
      </button>
    </Form>
  );
}

export const ErrorBoundary = () => <GeneralErrorBoundary />;
