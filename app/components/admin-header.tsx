import type { ReactNode } from "react";
import { Logo } from "~/components/logo";

/** The admin pages' top bar: the logo, the page's name, and its links and actions on the right. */
export function AdminHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <header className="flex h-14 items-center justify-between gap-4 border-b border-slate-200 px-4">
      <div className="flex items-center gap-3">
        <Logo />
        <span className="text-sm font-semibold text-slate-600">{title}</span>
      </div>
      {children}
    </header>
  );
}
