/** Spec section 9. Prices in USD; `originalPrice` is the struck-through figure. */
export type BillingPeriod = "weekly" | "monthly";

export interface Plan {
  id: "FREE" | "PREMIUM" | "BUSINESS_PRO";
  name: string;
  description: string;
  minutesPerMonth: number | null;
  /** Largest file per upload, in MB (the server's UPLOAD_MAX_BYTES caps every plan). */
  maxUploadMB: number;
  price: Record<BillingPeriod, string>;
  originalPrice: Record<BillingPeriod, string | null>;
  cta: string;
  popular: boolean;
  guarantee: boolean;
}

export const PLANS: Plan[] = [
  {
    id: "FREE",
    name: "Free",
    description: "Try Voxlate on short recordings. No credit card.",
    minutesPerMonth: 5,
    maxUploadMB: 50,
    price: { weekly: "$0", monthly: "$0" },
    originalPrice: { weekly: null, monthly: null },
    cta: "Start free",
    popular: false,
    guarantee: false,
  },
  {
    id: "PREMIUM",
    name: "Premium",
    description: "For regular meetings, lectures and interviews.",
    minutesPerMonth: 120,
    maxUploadMB: 200,
    price: { weekly: "$4.49", monthly: "$9.99" },
    originalPrice: { weekly: "$7.49", monthly: "$14.99" },
    cta: "Choose Premium",
    popular: true,
    guarantee: true,
  },
  {
    id: "BUSINESS_PRO",
    name: "Business Pro",
    description: "Unlimited transcription for professionals and teams.",
    minutesPerMonth: null,
    maxUploadMB: 500,
    price: { weekly: "$9.49", monthly: "$19.99" },
    originalPrice: { weekly: "$14.49", monthly: "$39" },
    cta: "Choose Business Pro",
    popular: false,
    guarantee: true,
  },
];

export const PERIOD_LABEL: Record<BillingPeriod, string> = { weekly: "/week", monthly: "/month" };

export function parseBillingPeriod(value: string | null): BillingPeriod {
  return value === "monthly" ? "monthly" : "weekly";
}

export function planById(id: string): Plan {
  return PLANS.find((plan) => plan.id === id) ?? PLANS[0];
}
