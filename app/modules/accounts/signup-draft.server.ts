import { z } from "zod";
import type { SignupDraft } from "~/generated/prisma/client";
import { signedCookie } from "~/modules/platform/cookies.server";
import { db } from "~/modules/platform/database.server";
import { hashNewPassword, verifyPassword } from "./password.server";
import {
  EmailSchema,
  finalHearAboutUs,
  finalIndustry,
  FirstNameSchema,
  LastNameSchema,
  SIGNUP_STEPS,
  type SignupProgress,
  type signupSchema,
  type SignupStep,
} from "./registration";

type SignupAnswers = z.output<ReturnType<typeof signupSchema>>;

/**
 * The six-step sign-up keeps its answers on the server (a SignupDraft row; the browser holds only a
 * signed id), so it works one step per post without JavaScript, and the code can be verified later.
 */
const DRAFT_TTL_MS = 60 * 60 * 1000;
const draftCookie = () => signedCookie("voxlate_signup", { maxAge: DRAFT_TTL_MS / 1000 });

export async function readDraft(request: Request): Promise<SignupDraft | null> {
  const id: unknown = await draftCookie().parse(request.headers.get("Cookie"));
  if (typeof id !== "string") return null;
  const draft = await (await db()).signupDraft.findUnique({ where: { id } });
  return draft && draft.expiresAt > new Date() ? draft : null;
}

export async function draftCookieHeader(draft: SignupDraft | null): Promise<string> {
  return draft ? draftCookie().serialize(draft.id) : draftCookie().serialize("", { maxAge: 0 });
}

/** Which steps the draft has answered (the password ones once saved and confirmed). */
function answeredSteps(draft: SignupDraft | null): Record<SignupStep, boolean> {
  return {
    firstName: Boolean(draft?.firstName),
    lastName: Boolean(draft?.lastName),
    email: Boolean(draft?.email),
    password: Boolean(draft?.passwordHash),
    confirmPassword: Boolean(draft?.passwordConfirmed),
    industry: Boolean(draft?.industry),
  };
}

/** What the form shows for this draft: the answered steps and the next; all six when creating the account. */
export function signupProgress(draft: SignupDraft | null, creating = false): SignupProgress {
  const answered = answeredSteps(draft);
  const done = SIGNUP_STEPS.filter((step) => answered[step]).length;
  return {
    shownSteps: creating ? SIGNUP_STEPS.length : Math.min(SIGNUP_STEPS.length, done + 1),
    passwordSaved: answered.password,
    passwordConfirmed: answered.confirmPassword,
  };
}

export interface StepResult {
  draft: SignupDraft;
  /** The first step still missing; null when all six are done. */
  nextStep: SignupStep | null;
  /** The confirmation did not match the saved password (the form does not hold that one). */
  passwordsDiffer: boolean;
}

/**
 * Saves the answers of a post that passed `signupSchema` (one step without JavaScript, all six with it) and says
 * which step comes next. Passwords are hashed as soon as they arrive.
 */
export async function saveSignupStep(existing: SignupDraft | null, answers: SignupAnswers): Promise<StepResult> {
  const database = await db();
  const draft =
    existing ?? (await database.signupDraft.create({ data: { expiresAt: new Date(Date.now() + DRAFT_TTL_MS) } }));
  const update: Partial<SignupDraft> = {};
  if (answers.firstName) update.firstName = answers.firstName;
  if (answers.lastName) update.lastName = answers.lastName;
  if (answers.email) update.email = answers.email;
  // A saved password is not shown again: an empty password field keeps it.
  if (answers.password && !(draft.passwordHash && (await verifyPassword(draft.passwordHash, answers.password)))) {
    update.passwordHash = await hashNewPassword(answers.password, {
      email: answers.email ?? draft.email,
      firstName: answers.firstName ?? draft.firstName,
      lastName: answers.lastName ?? draft.lastName,
    });
    update.passwordConfirmed = false;
  }
  let passwordsDiffer = false;
  if (answers.confirmPassword) {
    const passwordHash = update.passwordHash ?? draft.passwordHash;
    // The schema compared it with a password typed in the same post; otherwise it is compared with the saved one.
    const matches = answers.password
      ? answers.confirmPassword === answers.password
      : Boolean(passwordHash) && (await verifyPassword(passwordHash!, answers.confirmPassword));
    update.passwordConfirmed = matches;
    passwordsDiffer = !matches;
  }
  if (answers.industry) {
    update.industry = finalIndustry(answers.industry, answers.industryOther).slice(0, 200);
    update.hearAboutUs = finalHearAboutUs(answers.hearAboutUs, answers.hearAboutUsOther).slice(0, 200);
  }

  const saved = await database.signupDraft.update({ where: { id: draft.id }, data: update });
  const answered = answeredSteps(saved);
  return { draft: saved, nextStep: SIGNUP_STEPS.find((step) => !answered[step]) ?? null, passwordsDiffer };
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
