import http from "node:http";
import type { RequestHandler } from "express";
import { LIVE_SESSIONS_PATH } from "~/modules/platform/rate-limit.server";
import { liveSessionHost } from "./live-sessions.server";

/** Set on a forwarded request: the holder answers it itself, never forwards it again (no loops). */
const FORWARDED_HEADER = "x-voxlate-live-forwarded";
const NOT_RUNNING = "This live recording is not running (it may have expired).";
/** Headers that describe one hop's connection, not the request. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "te"]);

/**
 * Express middleware for /api/live-sessions/:id/…: when another web process holds the session (its decoder and audio
 * live in that process's memory), the request is passed to it unchanged (body streamed, cookie included; the holder
 * checks the owner as always) and its answer is passed back. Mounted before the rate limits, so each chunk is
 * counted once, by the holder.
 */
export function forwardLiveSessionRequests(): RequestHandler {
  const prefix = `${LIVE_SESSIONS_PATH}/`;
  return (request, response, next) => {
    if (!request.path.startsWith(prefix) || request.headers[FORWARDED_HEADER]) return next();
    const id = request.path.slice(prefix.length).split("/")[0];
    if (!/^[0-9a-f]{32}$/.test(id)) return next();
    liveSessionHost(id).then((host) => {
      if (!host) return next();
      const target = new URL(request.originalUrl, host);
      const headers: http.OutgoingHttpHeaders = { [FORWARDED_HEADER]: "1" };
      for (const [name, value] of Object.entries(request.headers))
        if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
      const upstream = http.request(target, { method: request.method, headers });
      upstream.on("response", (answer) => {
        response.status(answer.statusCode ?? 502);
        for (const [name, value] of Object.entries(answer.headers))
          if (!HOP_BY_HOP.has(name) && value !== undefined) response.setHeader(name, value);
        answer.pipe(response);
      });
      // The holder is gone (its process stopped): the session went with it.
      upstream.on("error", () => {
        if (!response.headersSent) response.status(404).json({ error: NOT_RUNNING });
        else response.destroy();
      });
      request.pipe(upstream);
    }, next);
  };
}
