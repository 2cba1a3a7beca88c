import { useEffect, useState, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import { LANDING_TESTIMONIALS, PERSONA_CAPTION, TESTIMONIAL_INTERVAL_MS, type Testimonial } from "~/content/landing";
import { useHydrated } from "~/utils/use-hydrated";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

function TestimonialBody({ item }: { item: Testimonial }) {
  return (
    <>
      <p className="text-lg text-slate-700">{item.content}</p>
      <h3 className="mt-4 font-semibold text-slate-900">{item.name}</h3>
      <p className="text-sm text-slate-600">{item.role}</p>
    </>
  );
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" className="size-5">
      <path strokeLinecap="round" strokeLinejoin="round" d={direction === "left" ? "m12 5-5 5 5 5" : "m8 5 5 5-5 5"} />
    </svg>
  );
}

const ROUND_BUTTON =
  "inline-flex size-10 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50";

/**
 * One item at a time, rotating every 5 s (spec section 9). Rotation pauses while the pointer or focus is inside,
 * never starts with reduced motion, and can be stopped with a button. The live region stays quiet while rotating
 * so screen readers are not interrupted every 5 s, and announces the item the user moves to.
 */
function Carousel({ items, initialIndex }: { items: Testimonial[]; initialIndex: number }) {
  const hydrated = useHydrated();
  const location = useLocation();
  const [index, setIndex] = useState(initialIndex);
  useEffect(() => setIndex(initialIndex), [initialIndex]);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = hydrated && !hovered && !focused && !stopped && !reducedMotion;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(
      () => setIndex((current) => (current + 1) % items.length),
      TESTIMONIAL_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [rotating, items.length]);

  const target = (step: number) => (index + step + items.length) % items.length;
  // Links, so previous/next work without JavaScript; with it they switch in place.
  const hrefFor = (step: number) => {
    const params = new URLSearchParams(location.search);
    params.set("testimonial", String(target(step) + 1));
    return `?${params}#testimonials`;
  };
  const go = (step: number) => (event: React.MouseEvent) => {
    event.preventDefault();
    setIndex(target(step));
  };

  return (
    <div
      role="group"
      aria-roledescription="carousel"
      aria-label="Examples of how people use Voxlate"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      className="mt-10"
    >
      {/* All items share one grid cell, so the height fits the longest and nothing below jumps. */}
      <div
        aria-live={rotating ? "off" : "polite"}
        className="grid rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        {items.map((item, itemIndex) => (
          <div
            key={item.name}
            role="group"
            aria-roledescription="slide"
            aria-label={`${itemIndex + 1} of ${items.length}`}
            className={`[grid-area:1/1] ${itemIndex === index ? "" : "invisible"}`}
          >
            <TestimonialBody item={item} />
          </div>
        ))}
      </div>
      <div className="mt-6 flex items-center justify-center gap-3">
        <Link
          to={hrefFor(-1)}
          preventScrollReset
          replace
          onClick={go(-1)}
          aria-label="Previous example"
          className={ROUND_BUTTON}
        >
          <Chevron direction="left" />
        </Link>
        <p aria-hidden="true" className="min-w-12 text-sm text-slate-600">
          {index + 1} / {items.length}
        </p>
        <Link
          to={hrefFor(1)}
          preventScrollReset
          replace
          onClick={go(1)}
          aria-label="Next example"
          className={ROUND_BUTTON}
        >
          <Chevron direction="right" />
        </Link>
        {!hydrated || reducedMotion ? null : (
          <button
            type="button"
            onClick={() => setStopped((value) => !value)}
            className="ml-2 text-sm font-semibold text-brand-700 hover:underline"
          >
            {stopped ? "Start rotating" : "Stop rotating"}
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * The same markup with and without JavaScript (so nothing below moves when the page hydrates): without it,
 * previous/next are links (?testimonial=N); with it, the items also rotate on their own.
 */
export function Testimonials({ initialIndex }: { initialIndex: number }) {
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      className="mx-auto max-w-4xl scroll-mt-20 px-4 py-20 text-center"
    >
      <h2 id="testimonials-title" className="text-3xl font-bold tracking-tight">
        Built for people who work with recordings
      </h2>
      <p className="mt-3 text-sm text-slate-600">{PERSONA_CAPTION}</p>
      <Carousel items={LANDING_TESTIMONIALS} initialIndex={initialIndex} />
    </section>
  );
}
