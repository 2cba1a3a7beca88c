// Moves between the pages of a long transcript (editor-pages.ts): previous and next links, and a form that goes to any
// page by its segments and times. Plain links and a GET form, so it works without JavaScript.
import { Form, Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { EditorPageInfo } from "~/modules/transcripts/editor-pages";
import { formatTimestamp } from "~/utils/timestamps";
import { cn } from "~/utils/cn";

/** The page's address: the same query (a shown translation stays shown) with another page and no segment. */
export function pageHref(search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.delete("segment");
  params.set("page", String(page));
  return `?${params.toString()}`;
}

export function EditorPager({ info, place }: { info: EditorPageInfo; place: "top" | "bottom" }) {
  const { search } = useLocation();
  if (info.pageCount < 2) return null;
  const current = info.ranges[info.page - 1];
  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== "page" && name !== "segment");
  const linkClass = cn(buttonClass("secondary"), "px-2 py-1");
  return (
    <nav
      aria-label={place === "top" ? "Transcript pages" : "Transcript pages, end of page"}
      className="mt-3 flex flex-wrap items-center gap-2 text-sm"
    >
      <p className="mr-auto text-slate-700">
        Segments {current.first.toLocaleString("en")}–{current.last.toLocaleString("en")} of{" "}
        {info.total.toLocaleString("en")} ({formatTimestamp(current.start)}–{formatTimestamp(current.end)})
      </p>
      {info.page > 1 ? (
        <Link to={pageHref(search, info.page - 1)} className={linkClass}>
          Previous page
        </Link>
      ) : null}
      {/* A button, not a change of the list, moves: arrowing through the pages must not leave this one. */}
      <Form method="get" className="flex items-center gap-2">
        {kept.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label className="flex items-center gap-2">
          <span className="sr-only">Go to page</span>
          <select name="page" defaultValue={info.page} className="rounded-md border border-slate-300 px-2 py-1">
            {info.ranges.map((range) => (
              <option key={range.page} value={range.page}>
                Page {range.page}: {formatTimestamp(range.start)}–{formatTimestamp(range.end)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={linkClass}>
          Go
        </button>
      </Form>
      {info.page < info.pageCount ? (
        <Link to={pageHref(search, info.page + 1)} className={linkClass}>
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
