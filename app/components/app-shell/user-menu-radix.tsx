import { Link, useSubmit } from "react-router";
import { buttonClass } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { cn } from "~/utils/cn";
import { type ShellUser, USER_MENU_LINKS, UserName } from "./user-identity";

/** The hydrated half of `UserMenu`: the same destinations in a Radix dropdown menu behind the user's name. */
export function RadixUserMenu({ user, className }: { user: ShellUser; className?: string }) {
  const submit = useSubmit();
  return (
    <div className={cn("min-w-0 items-center", className)}>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger className={buttonClass("ghost", "min-w-0 px-2 py-1.5")}>
          <span className="sr-only">Account menu: </span>
          <UserName user={user} />
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-slate-500" fill="currentColor">
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel className="truncate font-normal">Signed in as {user.email}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {USER_MENU_LINKS.map((link) => (
            <DropdownMenuItem key={link.to} asChild>
              <Link to={link.to}>{link.label}</Link>
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          {/* The same POST as the form without JavaScript; the router follows the redirect to the home page. */}
          <DropdownMenuItem onSelect={() => submit(null, { method: "post", action: "/logout" })}>
            Log out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
