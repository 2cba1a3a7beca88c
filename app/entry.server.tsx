import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { currentLogContext, loggerFor } from "~/config/logger.server";
import { renderedPageCache } from "~/modules/platform/rendered-pages.server";
import { reportError } from "~/services/error-reports/sentry.server";
import { NonceProvider } from "~/utils/nonce";
import { TurnBuffer } from "~/utils/turn-buffer.server";

export const streamTimeout = 5_000;

const log = loggerFor("http");

/** An error a loader, an action or rendering threw (React Router logs nothing once this is exported). */
export function handleError(error: unknown, { request }: { request: Request }) {
  // A visitor who left (or a redirect's abandoned render) is not an error of the app.
  if (request.signal.aborted) return;
  log.error({ err: error, method: request.method }, "route error");
  reportError(error, currentLogContext());
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // Bots and no-JS visitors get the whole document at once; browsers get the shell as soon as it is ready.
  const readyEvent =
    isbot(request.headers.get("user-agent")) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
  // A page rendered before from the same data is sent again, with this response's nonce (ADR 032).
  const page = (await renderedPageCache()?.lookUp(request, responseStatusCode, readyEvent, routerContext, nonce)) ?? {
    context: routerContext,
    keep: () => {},
  };
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (page.body) return new Response(page.body, { headers: responseHeaders, status: responseStatusCode });

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={page.context} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new TurnBuffer((html) => {
            if (!failed) page.keep(html);
          });
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          failed = true;
          responseStatusCode = 500;
          if (shellRendered) handleError(error, { request });
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
