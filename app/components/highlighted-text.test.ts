import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { HighlightedText } from "./highlighted-text";

const render = (parts: { text: string; match: boolean }[]) =>
  renderToStaticMarkup(createElement(HighlightedText, { parts }));

test("matches become <mark>, the rest plain text", () => {
  expect(
    render([
      { text: "ask not what your ", match: false },
      { text: "country", match: true },
      { text: " can do", match: false },
    ]),
  ).toBe("ask not what your <mark>country</mark> can do");
});

test("markup in a transcript is escaped, inside and outside a match", () => {
  const html = render([
    { text: '<script>alert("x")</script> & ', match: false },
    { text: "<img src=x onerror=alert(1)>", match: true },
  ]);
  expect(html).toBe(
    "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; <mark>&lt;img src=x onerror=alert(1)&gt;</mark>",
  );
  expect(html).not.toContain("<script");
  expect(html).not.toContain("<img");
});
