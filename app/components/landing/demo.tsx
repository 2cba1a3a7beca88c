import { DEMO_STEPS } from "~/content/landing";
import { enhancement } from "~/components/ui/enhancement";
import type { DemoLanguages } from "./live-demo";
import { LiveDemoWithoutScript } from "./live-demo-without-script";

// The live demo needs JavaScript anyway: its code (recorder, its language lists, the Radix select) loads after hydration,
// which keeps it out of the landing page's first load (docs/performance.md).
const useLiveDemo = enhancement(() => import("./live-demo"));

function LiveDemoSlot(languages: DemoLanguages) {
  const demo = useLiveDemo();
  return demo ? <demo.LiveDemo {...languages} /> : <LiveDemoWithoutScript />;
}

export function Demo(languages: DemoLanguages) {
  return (
    <section id="demo" aria-labelledby="demo-title" className="scroll-mt-20 bg-slate-50">
      <div className="mx-auto max-w-4xl px-4 py-20 text-center">
        <h2 id="demo-title" className="text-3xl font-bold tracking-tight">
          From recording to transcript in three steps
        </h2>
        <ol className="mt-10 grid gap-6 text-left sm:grid-cols-3">
          {DEMO_STEPS.map((step) => (
            <li key={step.title} className="rounded-xl bg-white p-6 shadow-sm">
              <p className="text-sm font-semibold text-brand-700">{step.title}</p>
              <p className="mt-2 text-sm text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
        <LiveDemoSlot {...languages} />
      </div>
    </section>
  );
}
