import { Link } from "react-router";

/** A page title block: an optional eyebrow, the h1 and a lead paragraph. */
export function PageHeader({ eyebrow, title, lead }: { eyebrow?: string; title: string; lead?: React.ReactNode }) {
  return (
    <div className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-4xl px-4 py-14 sm:py-20">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
        {lead ? <p className="mt-4 max-w-2xl text-lg text-slate-600">{lead}</p> : null}
      </div>
    </div>
  );
}

/** A column of readable text (legal pages, guides, blog articles), styled by @tailwindcss/typography. */
export function Prose({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto prose max-w-3xl px-4 py-12 prose-slate prose-a:text-brand-600 prose-code:before:content-none prose-code:after:content-none prose-th:bg-slate-50">
      {children}
    </div>
  );
}

export interface CardLink {
  title: string;
  description: string;
  to: string;
}

export function CardGrid({ items }: { items: CardLink[] }) {
  return (
    <ul className="mx-auto grid max-w-6xl gap-4 px-4 py-12 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            className="block h-full rounded-xl border border-slate-200 p-5 transition-shadow hover:shadow-md focus-visible:shadow-md"
          >
            <h2 className="font-semibold text-slate-900">{item.title}</h2>
            <p className="mt-2 text-sm text-slate-600">{item.description}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** `<title>` and description in one place. */
export function pageMeta(title: string, description: string) {
  return [
    { title: `${title} | Voxlate` },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
  ];
}
