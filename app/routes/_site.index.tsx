import { useLoaderData } from "react-router";
import type { Route } from "./+types/_site.index";
import { Comparison } from "~/components/landing/comparison";
import { Demo } from "~/components/landing/demo";
import { Faq } from "~/components/landing/faq";
import { Features } from "~/components/landing/features";
import { Hero } from "~/components/landing/hero";
import { Highlights } from "~/components/landing/highlights";
import { PricingSection } from "~/components/landing/pricing-section";
import { Security } from "~/components/landing/security";
import { Testimonials } from "~/components/landing/testimonials";
import { WhyProfessionals } from "~/components/landing/why-professionals";
import { pageMeta } from "~/components/page";
import { LANDING_FAQ, LANDING_TESTIMONIALS, parseFeatureTab } from "~/content/landing";
import { parseBillingPeriod } from "~/content/plans";
import { appOrigin } from "~/config/env.server";
import { faqPageJsonLd, organizationJsonLd, softwareApplicationJsonLd } from "~/utils/seo";
import { getUserId } from "~/modules/platform/session.server";
import { configuredSummariser } from "~/modules/transcripts/summaries.server";
import { configuredLanguageClaims } from "~/modules/engines/language-claims.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(
    "Transcribe and translate audio",
    "Upload recordings up to 500 MB or record live. Get transcripts with timestamps and speaker labels, translate them and export PDF, DOCX, TXT or SRT.",
  ),
  ...(data
    ? [
        { "script:ld+json": organizationJsonLd(data.origin) },
        { "script:ld+json": softwareApplicationJsonLd(data.origin) },
        { "script:ld+json": faqPageJsonLd(LANDING_FAQ) },
      ]
    : []),
];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const languages = configuredLanguageClaims();
  return {
    origin: appOrigin(),
    signedIn: Boolean(await getUserId(request)),
    billing: parseBillingPeriod(url.searchParams.get("billing")),
    feature: parseFeatureTab(url.searchParams.get("feature")),
    // The tour names the summary as the product does: "AI" only when a model writes it.
    summaryLabel: configuredSummariser().name === "openai" ? "AI Summary" : "Summary",
    // The hero's and the demo's languages: what the running engine and translator can do (issue 14).
    languages: {
      heroTitle: languages.heroTitle,
      languageSummary: languages.languageSummary,
      demoLocales: languages.demoLocales,
      translationTargets: languages.translationTargets,
    },
    testimonial:
      Math.min(Math.max(Number(url.searchParams.get("testimonial")) || 1, 1), LANDING_TESTIMONIALS.length) - 1,
  };
}

export default function Landing() {
  const { signedIn, billing, feature, testimonial, summaryLabel, languages } = useLoaderData<typeof loader>();
  return (
    <>
      <Hero signedIn={signedIn} title={languages.heroTitle} languageSummary={languages.languageSummary} />
      <Highlights />
      <Features active={feature} summaryLabel={summaryLabel} />
      <WhyProfessionals />
      <Security />
      <Demo locales={languages.demoLocales} targets={languages.translationTargets} />
      <Testimonials initialIndex={testimonial} />
      <PricingSection billing={billing} />
      <Comparison />
      <Faq />
    </>
  );
}

// Inside the site layout, which draws the header and footer.
export const ErrorBoundary = () => <GeneralErrorBoundary />;
