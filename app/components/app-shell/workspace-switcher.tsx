import { Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { SWITCH_WORKSPACE_PATH } from "~/modules/workspaces/workspace-forms";

type Kind = "PERSONAL" | "TEAM";
interface SwitcherWorkspace {
  id: string;
  name: string;
  kind: Kind;
  role: string;
}

/** What the _app loader sends (WorkspaceSwitcher in workspaces.server.ts). */
export interface WorkspaceSwitcherProps {
  current: SwitcherWorkspace;
  others: SwitcherWorkspace[];
}

const roleLabel = (role: string) => role.charAt(0) + role.slice(1).toLowerCase();

/**
 * The current workspace and the user's role in it; with other memberships, a <details> of plain forms posting to
 * /workspaces/switch, so switching works without JavaScript (ADR 034-workspace). With one membership it is only a
 * label.
 */
export function WorkspaceSwitcher({ workspaces }: { workspaces: WorkspaceSwitcherProps }) {
  const location = useLocation();
  const { current, others } = workspaces;
  const here = `${location.pathname}${location.search}`;
  const label = (
    <span className="flex min-w-0 flex-col text-left">
      <span className="truncate font-medium" data-testid="current-workspace">
        {current.name}
      </span>
      <span className="text-xs text-slate-600">{roleLabel(current.role)}</span>
    </span>
  );
  if (others.length === 0) {
    return (
      <div className="text-sm">
        <span className="sr-only">Workspace: </span>
        {label}
      </div>
    );
  }
  return (
    <details className="group rounded-md border border-slate-200 bg-white text-sm">
      <summary
        className={
          "flex cursor-pointer list-none items-center justify-between gap-2 rounded-md px-3 py-2 " +
          "focus-visible:outline-2 focus-visible:outline-offset-2 [&::-webkit-details-marker]:hidden"
        }
      >
        <span className="sr-only">Workspace: </span>
        {label}
        <span aria-hidden="true" className="text-slate-500 group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="flex flex-col gap-1 border-t border-slate-200 p-2">
        <p className="px-1 text-xs font-medium text-slate-600">Switch to</p>
        {others.map((workspace) => (
          <form key={workspace.id} method="post" action={SWITCH_WORKSPACE_PATH}>
            <input type="hidden" name="workspaceId" value={workspace.id} />
            <input type="hidden" name="redirectTo" value={here} />
            <button type="submit" className={buttonClass("ghost", "w-full justify-start text-left")}>
              <span className="truncate">{workspace.name}</span>
              <span className="ml-auto text-xs text-slate-600">{roleLabel(workspace.role)}</span>
            </button>
          </form>
        ))}
        <Link to="/workspaces" className="px-1 py-1 text-xs underline">
          All workspaces
        </Link>
      </div>
    </details>
  );
}
