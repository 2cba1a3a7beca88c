// Work that follows a billing change and must not hold up Stripe's webhook: the emails, and the end of plans an
// administrator granted until a date. A slow mail server makes a job retry, never Stripe.
import { recordAudit } from "~/modules/audit/audit.server";
import { BillingNoticeEmail } from "~/emails/billing-notice";
import { planById } from "~/content/plans";
import { db } from "~/modules/platform/database.server";
import { sendTemplateEmail } from "~/modules/platform/email.server";
import { appOrigin } from "~/config/env.server";
import { defineJob, enqueue } from "~/modules/platform/jobs.server";
import { formatDate } from "~/utils/dates";

export const BILLING_NOTICE_QUEUE = "billing-notice";
export const EXPIRE_GRANTED_PLANS_QUEUE = "expire-granted-plans";

export type BillingNotice =
  | { kind: "confirmed"; userId: string; plan: string }
  | { kind: "payment-failed"; userId: string; plan: string; invoiceUrl: string | null }
  | { kind: "refunded"; userId: string; plan: string; amount: number; currency: string }
  | { kind: "ended"; userId: string; plan: string };

/** Queues a billing email. `key` (the Stripe event or refund id) keeps a repeated cause from sending it twice. */
export async function enqueueBillingNotice(notice: BillingNotice, key: string): Promise<void> {
  await enqueue(BILLING_NOTICE_QUEUE, notice, { singletonKey: `${notice.kind}:${key}` });
}

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);

function noticeContent(notice: BillingNotice) {
  const planName = planById(notice.plan).name;
  const account = { label: "Open your account", url: `${appOrigin()}/account` };
  switch (notice.kind) {
    case "confirmed":
      return {
        subject: `Welcome to Voxlate ${planName}`,
        lines: [
          `Your payment went through and your account is on ${planName}.`,
          "Within 7 days of this first payment you can ask for a full refund from your account page.",
        ],
        link: account,
      };
    case "payment-failed":
      return {
        subject: "Your Voxlate payment failed",
        lines: [
          `We could not take the payment for ${planName}. Stripe will try again over the next days; you keep ${planName} meanwhile.`,
          "Update your card in Manage billing to keep your plan. If every retry fails, the account moves to the Free plan and keeps all its recordings.",
        ],
        link: notice.invoiceUrl ? { label: "Pay the invoice", url: notice.invoiceUrl } : account,
      };
    case "refunded":
      return {
        subject: "Your Voxlate refund",
        lines: [
          `We refunded ${money(notice.amount, notice.currency)} for ${planName} in full and cancelled the subscription.`,
          "The refund reaches your card within 5 to 10 business days. Your account is on the Free plan and keeps all its recordings.",
          `Refunded on ${formatDate(new Date(), "date")}.`,
        ],
        link: account,
      };
    case "ended":
      return {
        subject: `Your Voxlate ${planName} plan has ended`,
        lines: [
          `Your ${planName} subscription has ended and your account is on the Free plan (5 minutes a month).`,
          "Every recording and transcript is still there. You can choose a plan again at any time.",
        ],
        link: { label: "Choose a plan", url: `${appOrigin()}/plan-selection` },
      };
  }
}

export const billingNoticeJob = defineJob<BillingNotice>({
  queue: BILLING_NOTICE_QUEUE,
  policy: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  deadLetter: true,
  work: async ({ data: notice }) => {
    const user = await (await db()).user.findUnique({ where: { id: notice.userId }, select: { email: true } });
    if (!user) return; // The account was deleted since.
    const { subject, lines, link } = noticeContent(notice);
    await sendTemplateEmail(user.email, subject, BillingNoticeEmail({ preview: subject, lines, link }));
  },
});

/** Plans granted with `npm run plan:set -- --until …` fall back to Free once the date has passed. */
export async function expireGrantedPlans(now = new Date()): Promise<number> {
  const database = await db();
  const expired = await database.user.findMany({
    where: { planSource: "MANUAL", planUntil: { lte: now } },
    select: { id: true, plan: true },
  });
  if (expired.length === 0) return 0;
  const { count } = await database.user.updateMany({
    where: { id: { in: expired.map((user) => user.id) }, planSource: "MANUAL", planUntil: { lte: now } },
    data: { plan: "FREE", planSource: "FREE", planUntil: null },
  });
  for (const user of expired) {
    await recordAudit({
      action: "plan.changed",
      actorId: user.id,
      target: { kind: "user", id: user.id, label: `${planById(user.plan).name} → Free (the granted period ended)` },
      ip: "server",
      userAgent: "plan expiry job",
    });
  }
  return count;
}

export const expireGrantedPlansJob = defineJob({
  queue: EXPIRE_GRANTED_PLANS_QUEUE,
  schedule: "*/10 * * * *",
  runAtStart: true,
  work: () => expireGrantedPlans(),
});

export const billingJobs = [billingNoticeJob, expireGrantedPlansJob];
