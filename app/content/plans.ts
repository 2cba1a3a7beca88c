/** Spec section 9. Prices in USD; `originalPrice` is the struck-through figure. */
export type BillingPeriod = "weekly" | "monthly";

export interface Plan {
  id: "FREE" | "PREMIUM" | "BUSINESS_PRO";
  name: string;
  description: string;
  minutesPerMonth: number | null;
  /** Largest file per upload, in MB (the server's UPLOAD_MAX_BYTES caps every plan). */
  maxUploadMB: number;
  speakerLabels: boolean;
  aiSummary: boolean;
  price: Record<BillingPeriod, string>;
  originalPrice: Record<BillingPeriod, string | null>;
  features: string[];
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
    speakerLabels: false,
    aiSummary: false,
    price: { weekly: "$0", monthly: "$0" },
    originalPrice: { weekly: null, monthly: null },
    features: [
      "5 minutes of transcription a month",
      "Uploads up to 50 MB",
      "Timestamps",
      "Export as PDF, DOCX, TXT and SRT",
    ],
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
    speakerLabels: false,
    aiSummary: false,
    price: { weekly: "$4.49", monthly: "$9.99" },
    originalPrice: { weekly: "$7.49", monthly: "$14.99" },
    features: [
      "120 minutes of transcription a month",
      "Uploads up to 200 MB",
      "Translation",
      "Export as PDF, DOCX, TXT and SRT",
    ],
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
    speakerLabels: true,
    aiSummary: true,
    price: { weekly: "$9.49", monthly: "$19.99" },
    originalPrice: { weekly: "$14.49", monthly: "$39" },
    features: [
      "Unlimited transcription",
      "Speaker labels",
      "Summaries with key points and action items",
      "Uploads up to 500 MB",
    ],
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
