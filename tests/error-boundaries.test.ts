// A refusal thrown under a layout renders inside that layout's chrome, not the root's. The routes are the real modules
// of routes.ts (layout, page, loader and boundaries), rendered on the server the way the app renders them.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from "react-router";
import { expect, test } from "vitest";
import type { AppShellProps } from "~/components/app-shell/app-shell";
import * as app from "~/routes/_app";
import * as audience from "~/routes/_site.audience";
import * as site from "~/routes/_site";

async function render(routes: RouteObject[], path: string) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`Unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return { status: context.statusCode, html: renderToString(createElement(StaticRouterProvider, { router, context })) };
}

/** Renders `path` under the site layout with only the audience page, which refuses any slug it does not know. */
async function renderUnderSite(path: string, { pageBoundary = true } = {}) {
  const routes: RouteObject[] = [
    {
      id: "routes/_site",
      path: "/",
      Component: site.default,
      ErrorBoundary: site.ErrorBoundary,
      children: [
        {
          id: "audience",
          path: ":slug",
          loader: audience.loader as never,
          Component: audience.default,
          ErrorBoundary: pageBoundary ? audience.ErrorBoundary : undefined,
        },
      ],
    },
  ];
  return render(routes, path);
}

const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern, "g"))?.length ?? 0;

test("a known audience renders its page in the site's chrome", async () => {
  const { status, html } = await renderUnderSite("/education");
  expect(status).toBe(200);
  expect(html).not.toContain("Page not found");
});

test.each([
  ["the page's boundary", true],
  ["the site layout's boundary, for a page without one", false],
])("an unknown audience is a 404 inside the marketing header and footer (%s)", async (_, pageBoundary) => {
  const { status, html } = await renderUnderSite("/no-such-audience", { pageBoundary });
  expect(status).toBe(404);
  expect(html).toContain("Page not found");
  expect(html).toContain("/no-such-audience");
  // The site's header (its Pricing link) and footer, once each, around one <main>.
  expect(html).toMatch(/<header[^>]*>[\s\S]*Pricing[\s\S]*<\/header>/);
  expect(count(html, /<header[\s>]/)).toBe(1);
  expect(count(html, /<main[\s>]/)).toBe(1);
  expect(count(html, /<footer[\s>]/)).toBe(1);
});

const SHELL: AppShellProps = {
  user: { firstName: "Ada", lastName: "Lovelace", email: "ada@voxlate.test" },
  allowance: {
    planName: "Free",
    minutesPerMonth: 5,
    periodUnit: "month",
    secondsUsed: 60,
    secondsReserved: 0,
    secondsLeft: 240,
  },
  canUpgrade: true,
  resetsOn: new Date("2026-12-01T00:00:00Z"),
  billing: { canManage: false, pastDue: false },
};

test("a page without a boundary of its own fails inside the signed-in shell, not the marketing site", async () => {
  const { status, html } = await render(
    [
      {
        id: "routes/_app",
        path: "/",
        // The shell the layout's loader would have read for a signed-in user.
        loader: () => SHELL,
        Component: app.default as never,
        ErrorBoundary: app.ErrorBoundary,
        children: [
          {
            path: "gone",
            loader: () => {
              throw new Response("Not found", { status: 404 });
            },
          },
        ],
      },
    ],
    "/gone",
  );
  expect(status).toBe(404);
  expect(html).toContain("Page not found");
  // The shell: the user's name and the app's navigation; not the marketing header's Pricing link.
  expect(html).toContain("Ada");
  expect(html).toContain("Recordings");
  expect(html).not.toContain("Pricing");
  expect(count(html, /<main[\s>]/)).toBe(1);
});
