import { clsx } from "clsx";
import { Link } from "react-router";
import { enhancement } from "~/components/ui/enhancement";
import { LogoutForm, type ShellUser, USER_MENU_LINKS, UserName } from "./user-identity";

const useRadixUserMenu = enhancement(() => import("./user-menu-radix"));

/**
 * The header's user menu on wide screens: the user, Account, Plan and billing, and Log out. The server and the first
 * client render show them as plain links and a Log out form, which work without JavaScript; once hydrated, a Radix
 * dropdown menu behind the user's name (loaded lazily, like the other widgets in components/ui) takes their place.
 */
export function UserMenu({ user, className }: { user: ShellUser; className?: string }) {
  const radix = useRadixUserMenu();
  if (radix) return <radix.RadixUserMenu user={user} className={className} />;
  return (
    <div className={clsx("min-w-0 items-center gap-4", className)}>
      <UserName user={user} />
      <nav aria-label="Your account">
        <ul className="flex items-center gap-1">
          {USER_MENU_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <LogoutForm />
    </div>
  );
}
