// Webhooks: users register receivers for their transcriptions' events, and each event is POSTed to them signed in
// the Standard Webhooks format (webhook-id, webhook-timestamp, webhook-signature "v1,<base64 HMAC-SHA256>"). Sending
// is a pg-boss job per delivery, retried with exponential backoff for up to 24 hours; every attempt is logged (its
// time, status code or error, duration), and the account page lists the deliveries with their attempts and can send
// one again. Receivers get the same SSRF rules as URL imports.
import crypto from "node:crypto";
import { db } from "~/modules/platform/database.server";
import { can } from "~/modules/workspaces/policy";
import { currentWorkspace, requireWorkspaceAction } from "~/modules/workspaces/workspaces.server";

/**
 * The workspace whose webhooks the user manages: their current one, when their role there allows `manage-api`
 * (owners and admins; ADR 033's table). Its endpoints receive the events of every recording in it, whoever made it.
 */
async function managedWorkspaceId(userId: string): Promise<string> {
  const { id } = await currentWorkspace(userId);
  await requireWorkspaceAction(userId, id, "manage-api");
  return id;
}
import { getEnv } from "~/config/env.server";
import { defineJob, enqueue } from "~/modules/platform/jobs.server";
import { checkOutboundUrl, OutboundUrlError, outboundRequest } from "~/modules/platform/outbound-http.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { openSecret, sealSecret } from "~/modules/platform/secret-box.server";
import { WEBHOOK_ENDPOINT_LIMIT, type WebhookEvent } from "./webhook-events";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("webhooks");

export const WEBHOOK_QUEUE = "webhook-deliver";
/**
 * pg-boss waits between retry_delay·2^(n−1) and retry_delay·2^n seconds before the n-th retry (random jitter), so
 * 11 retries 21 s apart end at most 21·(2^12−2) s ≈ 23.9 h after the first attempt, and at least ≈ 11.9 h after.
 * The base delay is WEBHOOK_RETRY_BASE_SECONDS (default 21), read once, so that a test can see the queue retry.
 */
export const WEBHOOK_RETRIES = {
  retryLimit: 11,
  retryDelay: getEnv().WEBHOOK_RETRY_BASE_SECONDS,
  retryBackoff: true,
  expireInSeconds: 60,
};
/**
 * Attempts kept per delivery for the log: two full series (the first and a resend) of 1 + retryLimit. Older ones are
 * deleted as new ones come, so a delivery resent many times stays bounded.
 */
export const KEPT_ATTEMPTS = 2 * (WEBHOOK_RETRIES.retryLimit + 1);
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** Receivers' answers are kept (for the log) up to this many characters. */
const KEPT_ERROR_CHARACTERS = 300;
export const DELIVERY_LOG_SIZE = 25;

export const DELIVERY_STATUS = { pending: "PENDING", succeeded: "SUCCEEDED", failed: "FAILED" } as const;

export class WebhookError extends ExpectedError {}

export const newWebhookSecret = () => `whsec_${crypto.randomBytes(32).toString("base64")}`;

/**
 * The signing secret as stored: sealed under the secrets key (secret-box), since it must be read back to sign each
 * delivery and so cannot be hashed. Endpoints made before sealing hold it in clear ("whsec_…"); the worker seals
 * those when it starts (sealClearWebhookSecrets), and until then they still sign.
 */
export function openWebhookSecret(stored: string): string {
  if (stored.startsWith("whsec_")) return stored;
  const secret = openSecret(stored);
  if (secret === null) throw new Error("A webhook signing secret was not sealed by this server's secrets key.");
  return secret;
}

/** Seals the secrets of endpoints made before they were sealed; returns how many it sealed. */
export async function sealClearWebhookSecrets(): Promise<number> {
  const database = await db();
  const clear = await database.webhookEndpoint.findMany({
    where: { secret: { startsWith: "whsec_" } },
    select: { id: true, secret: true },
  });
  for (const { id, secret } of clear)
    await database.webhookEndpoint.updateMany({ where: { id, secret }, data: { secret: sealSecret(secret) } });
  return clear.length;
}

/** The Standard Webhooks signature: base64 HMAC-SHA256, keyed with the secret's base64 part, of "id.timestamp.body". */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${crypto.createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

export async function createWebhookEndpoint(userId: string, url: string, events: WebhookEvent[]) {
  const database = await db();
  const workspaceId = await managedWorkspaceId(userId);
  if ((await database.webhookEndpoint.count({ where: { workspaceId } })) >= WEBHOOK_ENDPOINT_LIMIT)
    throw new WebhookError(`A workspace can have at most ${WEBHOOK_ENDPOINT_LIMIT} webhook endpoints.`, 409);
  const checked = await checkOutboundUrl(url);
  const secret = newWebhookSecret();
  const endpoint = await database.webhookEndpoint.create({
    data: { userId, workspaceId, url: checked.toString(), events, secret: sealSecret(secret) },
    select: { id: true, url: true, events: true },
  });
  return { ...endpoint, secret };
}

const notFound = () => new WebhookError("That webhook endpoint does not exist.", 404);

export async function deleteWebhookEndpoint(userId: string, endpointId: string) {
  const workspaceId = await managedWorkspaceId(userId);
  const { count } = await (await db()).webhookEndpoint.deleteMany({ where: { id: endpointId, workspaceId } });
  if (count === 0) throw notFound();
}

/**
 * A new signing secret, returned to be shown this once; deliveries sent from now on (retries included) are signed
 * with it, and the old one signs nothing more.
 */
export async function rotateWebhookSecret(userId: string, endpointId: string) {
  const secret = newWebhookSecret();
  const database = await db();
  const workspaceId = await managedWorkspaceId(userId);
  const { count } = await database.webhookEndpoint.updateMany({
    where: { id: endpointId, workspaceId },
    data: { secret: sealSecret(secret) },
  });
  if (count === 0) throw notFound();
  const { url } = await database.webhookEndpoint.findUniqueOrThrow({
    where: { id: endpointId },
    select: { url: true },
  });
  return { id: endpointId, url, secret };
}

/**
 * The user's endpoints (never their secrets, which are shown once, at creation or rotation) and their latest
 * deliveries, newest first.
 */
export async function webhookOverview(userId: string) {
  const database = await db();
  const workspace = await currentWorkspace(userId);
  // A member whose role does not manage them sees none (their URLs and delivery logs are the admins' business).
  if (!can(workspace.role, "manage-api")) return { endpoints: [], deliveries: [], canManageWebhooks: false };
  const workspaceId = workspace.id;
  const [endpoints, deliveries] = await Promise.all([
    database.webhookEndpoint.findMany({
      where: { workspaceId },
      orderBy: { createdAt: "asc" },
      select: { id: true, url: true, events: true, createdAt: true },
    }),
    database.webhookDelivery.findMany({
      where: { endpoint: { workspaceId } },
      orderBy: { createdAt: "desc" },
      take: DELIVERY_LOG_SIZE,
      select: {
        id: true,
        event: true,
        status: true,
        attempts: true,
        lastStatusCode: true,
        lastError: true,
        lastAttemptAt: true,
        createdAt: true,
        endpoint: { select: { url: true } },
        attemptLog: {
          orderBy: { number: "asc" },
          select: { number: true, attemptedAt: true, statusCode: true, error: true, durationMs: true },
        },
      },
    }),
  ]);
  return { endpoints, deliveries, canManageWebhooks: true };
}

async function queueDelivery(deliveryId: string) {
  await enqueue(WEBHOOK_QUEUE, { deliveryId }, WEBHOOK_RETRIES);
}

/**
 * Records the event for each endpoint of the recording's workspace that wants it, and queues their deliveries. Called
 * after the event's own work is saved; a failure here is logged and never undoes that work.
 */
export async function emitWebhookEvent(workspaceId: string, event: WebhookEvent, data: Record<string, unknown>) {
  try {
    const database = await db();
    const endpoints = await database.webhookEndpoint.findMany({
      where: { workspaceId, events: { has: event } },
      select: { id: true },
    });
    for (const endpoint of endpoints) {
      const id = `msg_${crypto.randomUUID().replace(/-/g, "")}`;
      const payload = JSON.stringify({ type: event, timestamp: new Date().toISOString(), data });
      await database.webhookDelivery.create({ data: { id, endpointId: endpoint.id, event, payload } });
      await queueDelivery(id);
    }
  } catch (error) {
    log.error({ err: error }, `could not queue ${event} for workspace ${workspaceId}`);
  }
}

/** Sends the delivery again (same id and body, a fresh signature), as a new series of attempts. */
export async function resendWebhookDelivery(userId: string, deliveryId: string) {
  const workspaceId = await managedWorkspaceId(userId);
  const { count } = await (
    await db()
  ).webhookDelivery.updateMany({
    where: { id: deliveryId, endpoint: { workspaceId } },
    data: { status: DELIVERY_STATUS.pending },
  });
  if (count === 0) throw new WebhookError("That delivery does not exist.", 404);
  await queueDelivery(deliveryId);
}

/**
 * One attempt: POSTs the signed event. A 2xx marks it delivered; anything else is recorded and thrown so that
 * pg-boss tries again, until the last attempt marks it failed.
 */
export async function deliverWebhook(deliveryId: string, { finalAttempt }: { finalAttempt: boolean }) {
  const database = await db();
  const delivery = await database.webhookDelivery.findUnique({
    where: { id: deliveryId },
    include: { endpoint: { select: { url: true, secret: true } } },
  });
  if (!delivery || delivery.status === DELIVERY_STATUS.succeeded) return;
  const startedAt = new Date();
  const timestamp = Math.floor(startedAt.getTime() / 1000);
  let statusCode: number | null = null;
  let failure: string | null = null;
  try {
    const response = await outboundRequest(delivery.endpoint.url, {
      method: "POST",
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      headers: {
        "Content-Type": "application/json",
        "webhook-id": delivery.id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signWebhook(
          openWebhookSecret(delivery.endpoint.secret),
          delivery.id,
          timestamp,
          delivery.payload,
        ),
      },
      body: delivery.payload,
    });
    statusCode = response.status;
    const answer = await readSome(response.body);
    if (statusCode < 200 || statusCode > 299) failure = `HTTP ${statusCode}${answer ? `: ${answer}` : ""}`;
  } catch (error) {
    failure =
      error instanceof OutboundUrlError
        ? error.message
        : error instanceof Error && error.name === "TimeoutError"
          ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s.`
          : `Could not connect: ${(error as Error).message}`;
  }
  const durationMs = Date.now() - startedAt.getTime();
  const status = !failure ? DELIVERY_STATUS.succeeded : finalAttempt ? DELIVERY_STATUS.failed : DELIVERY_STATUS.pending;
  const error = failure?.slice(0, KEPT_ERROR_CHARACTERS) ?? null;
  await database.$transaction(async (transaction) => {
    // The row is locked by the update, so the attempt's number is the delivery's own count, never taken twice.
    const { attempts } = await transaction.webhookDelivery.update({
      where: { id: deliveryId },
      data: {
        status,
        attempts: { increment: 1 },
        lastStatusCode: statusCode,
        lastError: error,
        lastAttemptAt: new Date(),
      },
      select: { attempts: true },
    });
    await transaction.webhookAttempt.create({
      data: { deliveryId, number: attempts, attemptedAt: startedAt, statusCode, error, durationMs },
    });
    await transaction.webhookAttempt.deleteMany({ where: { deliveryId, number: { lte: attempts - KEPT_ATTEMPTS } } });
  });
  if (failure && !finalAttempt) throw new Error(`webhook ${deliveryId}: ${failure}`);
}

async function readSome(body: NodeJS.ReadableStream & { destroy(): void }): Promise<string> {
  let text = "";
  for await (const chunk of body) {
    text += chunk.toString();
    if (text.length > KEPT_ERROR_CHARACTERS) {
      body.destroy();
      break;
    }
  }
  return text.trim().slice(0, KEPT_ERROR_CHARACTERS);
}

export const webhookJob = defineJob<{ deliveryId: string }>({
  queue: WEBHOOK_QUEUE,
  policy: WEBHOOK_RETRIES,
  work: (job) => deliverWebhook(job.data.deliveryId, { finalAttempt: job.retryCount >= job.retryLimit }),
});
