import { z } from "zod";
import type { SignupDraft } from "~/generated/prisma/client";
import { signedCookie } from "~/modules/platform/cookies.server";
import { db } from "~/modules/platform/database.server";
import { hashPassword, verifyPassword } from "./password.server";
import {
  EmailSchema,
  finalHearAboutUs,
  finalIndustry,
  FirstNameSchema,
  INDUSTRIES,
  LastNameSchema,
  OTHER_INDUSTRY,
  PasswordSchema,
} from "./registration";

/**
 * The six-step sign-up keeps its answers on the server (a SignupDraft row; the browser holds only a
 * signed id), so it works one step per post without JavaScript, and the code can be verified later.
 */
const DRAFT_TTL_MS = 60 * 60 * 1000;
const draftCookie = () => signedCookie("voxlate_signup", { maxAge: DRAFT_TTL_MS / 1000 });

export const SIGNUP_STEPS = ["firstName", "lastName", "email", "password", "confirmPassword", "industry"] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];

/** The spec's submit check order and toast messages (section 5). */
export const STEP_ERRORS: Record<SignupStep, string> = {
  firstName: "First name is required",
  lastName: "Last name is required",
  email: "Email is required",
  password: "Password must be at least 6 characters",
  confirmPassword: "Passwords do not match",
  industry: "Please select your industry",
};

export async function readDraft(request: Request): Promise<SignupDraft | null> {
  const id: unknown = await draftCookie().parse(request.headers.get("Cookie"));
  if (typeof id !== "string") return null;
  const draft = await (await db()).signupDraft.findUnique({ where: { id } });
  return draft && draft.expiresAt > new Date() ? draft : null;
}

export async function draftCookieHeader(draft: SignupDraft | null): Promise<string> {
  return draft ? draftCookie().serialize(draft.id) : draftCookie().serialize("", { maxAge: 0 });
}

const fieldText = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

export interface StepResult {
  draft: SignupDraft;
  /** The first step still missing or wrong; null when all six are done. */
  nextStep: SignupStep | null;
  errors: Partial<Record<SignupStep | "industryOther", string>>;
}

/**
 * Saves whatever valid answers the post carries (one step without JavaScript, all six with it) and
 * says which step comes next. Passwords are hashed as soon as they arrive.
 */
export async function saveSignupStep(request: Request, form: FormData): Promise<StepResult> {
  const database = await db();
  const existing = await readDraft(request);
  const draft =
    existing ?? (await database.signupDraft.create({ data: { expiresAt: new Date(Date.now() + DRAFT_TTL_MS) } }));
  const errors: StepResult["errors"] = {};
  const update: Partial<SignupDraft> = {};

  const firstName = fieldText(form, "firstName");
  if (firstName !== undefined) {
    const parsed = FirstNameSchema.safeParse(firstName);
    if (parsed.success) update.firstName = parsed.data;
    else errors.firstName = STEP_ERRORS.firstName;
  }
  const lastName = fieldText(form, "lastName");
  if (lastName !== undefined) {
    const parsed = LastNameSchema.safeParse(lastName);
    if (parsed.success) update.lastName = parsed.data;
    else errors.lastName = STEP_ERRORS.lastName;
  }
  const email = fieldText(form, "email");
  if (email !== undefined) {
    const parsed = EmailSchema.safeParse(email);
    if (parsed.success) update.email = parsed.data;
    else errors.email = email.trim() ? "Please enter a valid email address" : STEP_ERRORS.email;
  }
  // A saved password is not shown again: an empty password field keeps it.
  const password = fieldText(form, "password");
  if (password) {
    const parsed = PasswordSchema.safeParse(password);
    if (!parsed.success) errors.password = STEP_ERRORS.password;
    else if (!draft.passwordHash || !(await verifyPassword(draft.passwordHash, password))) {
      update.passwordHash = await hashPassword(password);
      update.passwordConfirmed = false;
    }
  } else if (password === "" && !draft.passwordHash) {
    errors.password = STEP_ERRORS.password;
  }
  const confirmPassword = fieldText(form, "confirmPassword");
  const passwordHash = update.passwordHash ?? draft.passwordHash;
  if (confirmPassword) {
    const matches = Boolean(passwordHash) && confirmPassword.length >= 6 && (await verifyPassword(passwordHash!, confirmPassword));
    update.passwordConfirmed = matches;
    if (!matches) errors.confirmPassword = "Passwords don't match";
  } else if (confirmPassword === "" && !(update.passwordConfirmed ?? draft.passwordConfirmed) && passwordHash) {
    errors.confirmPassword = "Passwords don't match";
  }
  const industry = fieldText(form, "industry");
  if (industry !== undefined) {
    if (!INDUSTRIES.includes(industry as (typeof INDUSTRIES)[number])) errors.industry = STEP_ERRORS.industry;
    else if (industry === OTHER_INDUSTRY && !fieldText(form, "industryOther")?.trim()) {
      errors.industryOther = "Please specify your industry";
    } else {
      update.industry = finalIndustry(industry, fieldText(form, "industryOther")).slice(0, 200);
      update.hearAboutUs = finalHearAboutUs(fieldText(form, "hearAboutUs"), fieldText(form, "hearAboutUsOther")).slice(0, 200);
    }
  }

  const saved = await database.signupDraft.update({ where: { id: draft.id }, data: update });
  const done: Record<SignupStep, boolean> = {
    firstName: Boolean(saved.firstName),
    lastName: Boolean(saved.lastName),
    email: Boolean(saved.email),
    password: Boolean(saved.passwordHash),
    confirmPassword: saved.passwordConfirmed,
    industry: Boolean(saved.industry),
  };
  return { draft: saved, nextStep: SIGNUP_STEPS.find((step) => !done[step]) ?? null, errors };
}

export const DraftPayloadSchema = z.object({
  email: EmailSchema,
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  industry: z.string().min(1),
  hearAboutUs: z.string().default(""),
  passwordHash: z.string().min(1),
});

export async function markAwaitingCode(draftId: string, awaitingCode: boolean) {
  await (await db()).signupDraft.update({ where: { id: draftId }, data: { awaitingCode } });
}

export async function deleteDraft(draftId: string) {
  await (await db()).signupDraft.deleteMany({ where: { id: draftId } });
}
