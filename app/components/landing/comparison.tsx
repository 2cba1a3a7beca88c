import { COMPARISON_NOTE, COMPARISON_ROWS } from "~/content/landing";

export function Comparison() {
  return (
    <section aria-labelledby="comparison-title" className="mx-auto max-w-4xl px-4 py-20">
      <h2 id="comparison-title" className="text-center text-3xl font-bold tracking-tight">
        How Voxlate compares
      </h2>
      {/* The table scrolls inside its own box on narrow screens, so the page never scrolls sideways. */}
      <div
        role="region"
        aria-label="Comparison table"
        tabIndex={0}
        className="mt-10 overflow-x-auto rounded-xl border border-slate-200"
      >
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">Voxlate compared with typical free online transcribers</caption>
          <thead className="bg-slate-50 text-slate-900">
            <tr>
              <th scope="col" className="p-4 font-semibold">
                Feature
              </th>
              <th scope="col" className="p-4 font-semibold">
                Voxlate
              </th>
              <th scope="col" className="p-4 font-semibold">
                Typical free online transcribers
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {COMPARISON_ROWS.map((row) => (
              <tr key={row.feature}>
                <th scope="row" className="p-4 font-medium text-slate-900">
                  {row.feature}
                </th>
                <td className="p-4 text-slate-900">{row.voxlate}</td>
                <td className="p-4 text-slate-600">{row.typical}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-4 text-xs text-slate-600">{COMPARISON_NOTE}</p>
    </section>
  );
}
