/**
 * A signed-in page's title bar: the h1, an optional line of facts under it and the page's own actions on the right.
 * Compact on purpose: in the app people come to work on their recordings, so the work starts near the top of the
 * screen (the marketing pages keep PageHeader's hero).
 */
export function AppPageHeader({
  title,
  description,
  actions,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="border-b border-slate-200 bg-white px-4 py-3 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}
