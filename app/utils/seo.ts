import { PLANS, type Plan } from "~/content/plans";

/** Pages that exist under two addresses: search engines are pointed at one (spec route table). */
export const CANONICAL_PATHS: Record<string, string> = {
  "/faq": "/help",
  "/students": "/education",
  "/cookie-policy": "/cookies",
  "/plans": "/plan-selection",
  "/auth": "/signup",
};

/** Every public page, for the sitemap. Blog articles are added from the content files. */
export const PUBLIC_PATHS = [
  "/",
  "/business",
  "/plan-selection",
  "/content-creators",
  "/education",
  "/sales-marketing",
  "/personal-productivity",
  "/help",
  "/howto",
  "/email-templates",
  "/privacy",
  "/terms",
  "/security",
  "/cookies",
  "/coming-soon",
  "/blog",
  "/signup",
  "/signin",
];

export function canonicalUrl(origin: string, pathname: string): string {
  const path = CANONICAL_PATHS[pathname] ?? pathname;
  return `${origin.replace(/\/$/, "")}${path === "/" ? "/" : path.replace(/\/$/, "")}`;
}

const price = (text: string) => text.replace(/^\$/, "");

/** schema.org Organization. */
export function organizationJsonLd(origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: "Voxlate",
    url: origin,
    logo: `${origin}/favicon.svg`,
  };
}

/** schema.org SoftwareApplication whose offers come from the plan definitions (one source of truth for prices). */
export function softwareApplicationJsonLd(origin: string, plans: Plan[] = PLANS) {
  return {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: "Voxlate",
    applicationCategory: "BusinessApplication",
    operatingSystem: "Web browser",
    url: origin,
    offers: plans.flatMap((plan) =>
      plan.id === "FREE"
        ? [{ "@type": "Offer", name: plan.name, price: "0", priceCurrency: "USD" }]
        : (["weekly", "monthly"] as const).map((period) => ({
            "@type": "Offer",
            name: `${plan.name} (${period})`,
            price: price(plan.price[period]),
            priceCurrency: "USD",
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price: price(plan.price[period]),
              priceCurrency: "USD",
              billingDuration: period === "weekly" ? "P1W" : "P1M",
            },
          })),
    ),
  };
}

export function faqPageJsonLd(items: { question: string; answer: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export function articleJsonLd(
  origin: string,
  article: { slug: string; title: string; description: string; date: string; author: string },
) {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.description,
    datePublished: article.date,
    author: { "@type": "Organization", name: article.author },
    publisher: {
      "@type": "Organization",
      name: "Voxlate",
      logo: { "@type": "ImageObject", url: `${origin}/favicon.svg` },
    },
    mainEntityOfPage: `${origin}/blog/${article.slug}`,
  };
}
