import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/** Every route of the spec's route table, plus the resource routes the pages post to. */
export default [
  layout("routes/_site.tsx", [
    index("routes/_site.index.tsx"),
    route("business", "routes/_site.business.tsx"),

    route("content-creators", "routes/_site.audience.tsx", { id: "content-creators" }),
    route("education", "routes/_site.audience.tsx", { id: "education" }),
    route("students", "routes/_site.audience.tsx", { id: "students" }),
    route("sales-marketing", "routes/_site.audience.tsx", { id: "sales-marketing" }),
    route("personal-productivity", "routes/_site.audience.tsx", { id: "personal-productivity" }),

    route("help", "routes/_site.help.tsx", { id: "help" }),
    route("faq", "routes/_site.help.tsx", { id: "faq" }),
    route("howto", "routes/_site.howto.tsx"),
    route("email-templates", "routes/_site.email-templates.tsx"),

    route("privacy", "routes/_site.privacy.tsx"),
    route("terms", "routes/_site.terms.tsx"),
    route("security", "routes/_site.security.tsx"),
    route("cookies", "routes/_site.cookies.tsx", { id: "cookies" }),
    route("cookie-policy", "routes/_site.cookies.tsx", { id: "cookie-policy" }),
    route("coming-soon", "routes/_site.coming-soon.tsx"),
    route("developers", "routes/_site.developers.tsx"),

    route("blog", "routes/_site.blog._index.tsx"),
    route("blog/:slug", "routes/_site.blog.$slug.tsx"),

    route("*", "routes/_site.$.tsx"),
  ]),

  // The signed-in app: navigation, usage meter and account in the app shell. The layout's loader sends signed-out
  // visitors to /signin?redirectTo=…; each page's loader checks again, since loaders run in parallel.
  layout("routes/_app.tsx", [
    route("dashboard", "routes/_app.dashboard.tsx"),
    route("recordings", "routes/_app.recordings.tsx"),
    route("transcription/:recordingId", "routes/_app.transcription.$recordingId.tsx"),
    route("transcription/:recordingId/share", "routes/_app.transcription.$recordingId.share.tsx"),
    route("transcription/:recordingId/segments/:segmentId", "routes/_app.transcription.segment.tsx"),
    route("transcription/:recordingId/segments/:segmentId/split", "routes/_app.transcription.split.tsx"),
    route("transcription/:recordingId/revisions/:revisionId", "routes/_app.transcription.revision.tsx"),
    route("account", "routes/_app.account/route.tsx"),
    route("data-privacy", "routes/_app.data-privacy/route.tsx"),
  ]),

  // The plans page is public: the app shell for a signed-in user, the site header and footer for everyone else.
  layout("routes/_plans.tsx", [
    route("plan-selection", "routes/_plans.plan-selection.tsx", { id: "plan-selection" }),
    route("plans", "routes/_plans.plan-selection.tsx", { id: "plans" }),
  ]),

  // One route per auth page, each with its own action; /auth shows the page its query names (spec section 2).
  // They have their own header ("Back to Home").
  route("signin", "routes/auth/sign-in.tsx"),
  route("signup", "routes/auth/sign-up.tsx"),
  route("verify-email", "routes/auth/verify-email.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("auth", "routes/auth/auth.tsx"),

  route("signup-business", "routes/legacy-redirects.tsx", { id: "signup-business" }),
  route("landing", "routes/legacy-redirects.tsx", { id: "landing" }),
  route("businessplan", "routes/legacy-redirects.tsx", { id: "businessplan" }),

  // The owner's data export, behind a signed link (issue 18).
  route("data-privacy/exports/:exportId", "routes/data-privacy.exports.$exportId.tsx"),

  route("admin/login", "routes/admin.login.tsx"),
  route("admin/chat", "routes/admin.chat.tsx"),
  route("admin/status", "routes/admin.status.tsx"),

  // The spec's /api contract (section 7): JSON resource routes sharing their server functions with the forms.
  route("api/user", "routes/api/user.tsx"),
  route("api/login", "routes/api/login.tsx"),
  route("api/register", "routes/api/register.tsx"),
  route("api/logout", "routes/api/logout.tsx"),
  route("api/check-user-exists", "routes/api/check-user-exists.tsx"),
  route("api/send-verification", "routes/api/send-verification.tsx", { id: "api-send-verification" }),
  route("api/send-verification-code", "routes/api/send-verification.tsx", { id: "api-send-verification-code" }),
  route("api/verify-email-code", "routes/api/verify-email-code.tsx"),
  route("api/password-reset/:step", "routes/api/password-reset.tsx"),
  route("api/auth/google", "routes/api/auth/google.tsx"),
  route("api/auth/google/callback", "routes/api/auth/google.callback.tsx"),
  route("api/translate-live", "routes/api/translate-live.tsx"),
  route("api/recordings", "routes/api/recordings/upload.tsx"),
  route("api/recordings/:recordingId", "routes/api/recordings/status.tsx"),
  route("api/recordings/:recordingId/editor", "routes/api/recordings/editor.tsx"),
  route("api/live-sessions", "routes/api/live-sessions/start.tsx"),
  route("api/live-sessions/:sessionId", "routes/api/live-sessions/session.tsx"),
  route("api/live-sessions/:sessionId/chunks", "routes/api/live-sessions/chunks.tsx"),
  route("api/live-sessions/:sessionId/finish", "routes/api/live-sessions/finish.tsx"),
  route("api/demo/transcribe", "routes/api/demo-transcribe.tsx"),
  route("api/billing/webhook", "routes/api/billing/webhook.tsx"),
  route("api/billing/portal", "routes/api/billing/portal.tsx"),
  route("api/billing/refund", "routes/api/billing/refund.tsx"),
  // The public REST API (ADR 026): API keys, problem details; see /developers.
  route("api/v1/openapi.json", "routes/api/v1/openapi.tsx"),
  route("api/v1/recordings", "routes/api/v1/recordings.tsx"),
  route("api/v1/recordings/import", "routes/api/v1/recordings-import.tsx"),
  route("api/v1/recordings/:recordingId", "routes/api/v1/recording.tsx"),
  route("api/v1/recordings/:recordingId/export", "routes/api/v1/recording-export.tsx"),
  route("api/v1/recordings/:recordingId/translations", "routes/api/v1/recording-translations.tsx"),
  route("api/v1/recordings/:recordingId/summary", "routes/api/v1/recording-summary.tsx"),
  route("api/v1/*", "routes/api/v1/not-found.tsx"),
  route("api/admin/check-auth", "routes/api/admin/check-auth.tsx"),
  route("api/admin/login", "routes/api/admin/login.tsx"),
  route("api/admin/logout", "routes/api/admin/logout.tsx"),
  route("api/admin/chat/sessions", "routes/api/admin/chat-sessions.tsx"),
  route("api/admin/chat/sessions/:sessionId", "routes/api/admin/chat-session.tsx"),
  route("api/admin/chat/sessions/:sessionId/respond", "routes/api/admin/chat-session-respond.tsx"),
  route("api/admin/chat/sessions/:sessionId/close", "routes/api/admin/chat-session-close.tsx"),

  route("blog/rss.xml", "routes/blog.rss.tsx"),
  route("sitemap.xml", "routes/sitemap.tsx"),
  route("robots.txt", "routes/robots.tsx"),
  route("logout", "routes/logout.tsx"),
  route("cookie-consent", "routes/cookie-consent.tsx"),
  route("support-chat", "routes/support-chat.tsx"),
  route("transcription/:recordingId/export", "routes/transcription-export.tsx"),
  route("transcription/:recordingId/audio", "routes/transcription-audio.tsx"),
  route("recordings/export", "routes/recordings-export.tsx"),
  // Share links (issue 17): the read-only page, its audio and downloads; no account needed.
  route("s/:token", "routes/s.$token.tsx"),
  route("s/:token/audio", "routes/s.$token.audio.tsx"),
  route("s/:token/export", "routes/s.$token.export.tsx"),
  route("transcription/:recordingId/retranslate", "routes/transcription-retranslate.tsx"),
  route("_test/error", "routes/test.error.tsx"),
] satisfies RouteConfig;
