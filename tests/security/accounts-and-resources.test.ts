// The probe's account and resource findings (issue 12), replayed over HTTP against the real server: guessing cannot
// lock the owner out, a stolen session cannot take the account over, and one user cannot pile up live sessions.
import { afterAll, beforeAll, expect, test } from "vitest";
import { withAppDatabase } from "../../bench/app-server";
import { startSecurityServer, type SecurityServer } from "./fixtures";

let server: SecurityServer;
let email: string;

beforeAll(async () => {
  server = await startSecurityServer("accounts");
  email = await withAppDatabase(server.dataDir, async (prisma) => {
    const session = await prisma.session.findFirstOrThrow({ include: { user: true } });
    return session.user.email;
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const signIn = (password: string, cookie?: string) =>
  fetch(`${server.origin}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify({ email, password }),
  });

test("twenty wrong passwords do not keep the owner's browser out", async () => {
  // The owner has signed in from this browser before: it holds the device cookie.
  const first = await signIn("correct-horse-battery");
  expect(first.status).toBe(200);
  const device = first.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("voxlate_device="))!
    .split(";")[0];

  const statuses: number[] = [];
  for (let guess = 0; guess < 20; guess++) statuses.push((await signIn(`guess-${guess}`)).status);
  // The guesser is slowed (429 with a wait), never answered with the real password's result.
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);

  const owner = await signIn("correct-horse-battery", device);
  expect(owner.status).toBe(200);
});

test("a session alone cannot change the email address", async () => {
  const response = await fetch(`${server.origin}/account`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: server.cookie },
    body: new URLSearchParams({ intent: "email", newEmail: "attacker@example.com" }).toString(),
    redirect: "manual",
  });
  expect(response.status).toBe(400);
  expect(await response.text()).toMatch(/current password/i);
  const codes = await withAppDatabase(server.dataDir, (prisma) =>
    prisma.verification.count({ where: { email: "attacker@example.com" } }),
  );
  expect(codes).toBe(0);
});

test("a user can hold two live sessions at once, not thirty", async () => {
  const start = () =>
    fetch(`${server.origin}/api/live-sessions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: server.cookie },
      body: JSON.stringify({ mimeType: "audio/webm;codecs=opus", language: "en" }),
    });
  const answers = [];
  for (let attempt = 0; attempt < 5; attempt++) answers.push(await start());
  expect(answers.map((answer) => answer.status)).toEqual([201, 201, 429, 429, 429]);
  expect(((await answers[2].json()) as { error: string }).error).toMatch(/live recording/i);
  const cancel = async (answer: Response) => {
    const { id } = (await answer.json()) as { id: string };
    const cancelled = await fetch(`${server.origin}/api/live-sessions/${id}`, {
      method: "DELETE",
      headers: { Cookie: server.cookie },
    });
    expect(cancelled.ok).toBe(true);
  };
  for (const answer of answers.slice(0, 2)) await cancel(answer);
  // With both ended, a new one may start.
  const again = await start();
  expect(again.status).toBe(201);
  await cancel(again);
});
