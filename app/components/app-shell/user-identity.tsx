import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";

export interface ShellUser {
  firstName: string;
  lastName: string;
  email: string;
}

/** Log out is a POST (a link would let any page sign the user out with an <img>). */
export function LogoutForm({ className = "" }: { className?: string }) {
  return (
    <Form method="post" action="/logout" className={className}>
      <button type="submit" className={buttonClass("secondary", "w-full")}>
        Log out
      </button>
    </Form>
  );
}

export function UserName({ user }: { user: ShellUser }) {
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return (
    <span className="flex min-w-0 items-center gap-3 text-left">
      <span
        aria-hidden="true"
        className={
          "grid h-9 w-9 shrink-0 place-items-center rounded-full bg-brand-100 " + "text-sm font-semibold text-brand-700"
        }
      >
        {initials}
      </span>
      <span className="block min-w-0 text-sm leading-tight">
        <span className="block truncate font-semibold text-slate-900">
          {user.firstName} {user.lastName}
        </span>
        <span className="block truncate text-slate-600">{user.email}</span>
      </span>
    </span>
  );
}

/** Where the user menu leads, besides Log out: the same links without JavaScript and in the Radix menu. */
export const USER_MENU_LINKS = [
  { label: "Account", to: "/account" },
  // The account page's "Plan and billing" section: the plan, renewal, Manage billing and the refund window.
  { label: "Plan and billing", to: "/account#billing" },
] as const;
