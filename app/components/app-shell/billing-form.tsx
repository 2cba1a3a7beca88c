import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";

/**
 * A button that posts to one of /api/billing/*, which answers with a redirect (to Stripe, or back with a toast): a
 * plain form, so it works without JavaScript, with a busy label while the server works.
 */
export function BillingForm({
  action,
  label,
  variant = "secondary",
  className,
}: {
  action: string;
  label: string;
  variant?: "primary" | "secondary" | "ghost";
  className?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <Form method="post" action={action} className={className}>
      <button type="submit" disabled={busy} className={buttonClass(variant, "w-full")}>
        {busy ? "Opening..." : label}
      </button>
    </Form>
  );
}

/** "Manage billing": Stripe's Customer Portal (plan and period changes, card, cancelling, invoices). */
export const ManageBillingButton = ({ className }: { className?: string }) => (
  <BillingForm action="/api/billing/portal" label="Manage billing" className={className} />
);
