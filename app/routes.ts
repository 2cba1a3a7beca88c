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
    route("recordings/folders/:folderId/access", "routes/_app.recordings.folders.$folderId.access.tsx"),
    route("transcription/:recordingId", "routes/_app.transcription.$recordingId/route.tsx"),
    route("transcription/:recordingId/share", "routes/_app.transcription.$recordingId.share.tsx"),
    route("transcription/:recordingId/caption", "routes/_app.transcription.$recordingId.caption.tsx"),
    route("transcription/:recordingId/redactions", "routes/_app.transcription.$recordingId.redactions.tsx"),
    route("transcription/:recordingId/segments/:segmentId", "routes/_app.transcription.segment.tsx"),
    route("transcription/:recordingId/segments/:segmentId/split", "routes/_app.transcription.split.tsx"),
    route("transcription/:recordingId/revisions/:revisionId", "routes/_app.transcription.revision.tsx"),
    route("account", "routes/_app.account/route.tsx"),
    route("account/two-factor", "routes/_app.account.two-factor.tsx"),
    route("account/passkeys", "routes/_app.account.passkeys.tsx"),
    route("data-privacy", "routes/_app.data-privacy/route.tsx"),
    // Team workspaces (issue 32, ADR 035-teams): the list and create form, and a team's members, invitations, seats.
    route("workspaces", "routes/_app.workspaces.tsx"),
    route("workspaces/:workspaceId/members", "routes/_app.workspaces.$workspaceId.members.tsx"),
    route("workspaces/:workspaceId/audit", "routes/_app.workspaces.$workspaceId.audit/route.tsx"),
    route("workspaces/:workspaceId/sso", "routes/_app.workspaces.$workspaceId.sso.tsx"),
    // Provisioning by the workspace's identity provider (ADR 042): SCIM tokens and the roles its groups give.
    route("workspaces/:workspaceId/provisioning", "routes/_app.workspaces.$workspaceId.provisioning.tsx"),
    route("workspaces/:workspaceId/security", "routes/_app.workspaces.$workspaceId.security.tsx"),
  ]),

  // A workspace's audit log as CSV, with the page's filters (ADR 036-audit).
  route("workspaces/:workspaceId/audit.csv", "routes/workspaces.$workspaceId.audit-csv.ts"),

  // The plans page is public: the app shell for a signed-in user, the site header and footer for everyone else.
  layout("routes/_plans.tsx", [
    route("plan-selection", "routes/_plans.plan-selection.tsx", { id: "plan-selection" }),
    route("plans", "routes/_plans.plan-selection.tsx", { id: "plans" }),
  ]),

  // One route per auth page, each with its own action; /auth shows the page its query names (spec section 2).
  // They have their own header ("Back to Home").
  route("signin", "routes/auth/sign-in.tsx"),
  route("signin/two-factor", "routes/auth/two-factor.tsx"),
  // The passkey ceremonies' JSON steps (ADR 039): sign-in (passwordless or second factor) and adding one.
  route("auth/passkey/options", "routes/auth/passkey-options.ts"),
  route("auth/passkey/verify", "routes/auth/passkey-verify.ts"),
  route("account/passkeys/options", "routes/account-passkeys-options.ts"),
  route("account/passkeys/verify", "routes/account-passkeys-verify.ts"),
  // Single sign-on (ADR 041-sso): the work email, then the workspace's identity provider, then back here.
  route("signin/sso", "routes/auth/sso.tsx"),
  route("auth/sso/callback", "routes/auth/sso-callback.ts"),
  route("signup", "routes/auth/sign-up.tsx"),
  route("verify-email", "routes/auth/verify-email.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("auth", "routes/auth/auth.tsx"),

  route("signup-business", "routes/legacy-redirects.ts", { id: "signup-business" }),
  route("landing", "routes/legacy-redirects.ts", { id: "landing" }),
  route("businessplan", "routes/legacy-redirects.ts", { id: "businessplan" }),

  // An invitation to a team workspace (ADR 035-teams): for the signed-in and signed-out alike, so outside the app.
  route("invitations/:token", "routes/invitations.$token.tsx"),

  // The owner's data export, behind a signed link (issue 18).
  route("data-privacy/exports/:exportId", "routes/data-privacy.exports.$exportId.ts"),

  route("admin/login", "routes/admin.login.tsx"),
  route("admin/chat", "routes/admin.chat.tsx"),
  route("admin/status", "routes/admin.status.tsx"),

  // The spec's /api contract (section 7): JSON resource routes sharing their server functions with the forms.
  route("api/user", "routes/api/user.ts"),
  route("api/login", "routes/api/login.ts"),
  route("api/register", "routes/api/register.ts"),
  route("api/logout", "routes/api/logout.ts"),
  route("api/check-user-exists", "routes/api/check-user-exists.ts"),
  route("api/send-verification", "routes/api/send-verification.ts", { id: "api-send-verification" }),
  route("api/send-verification-code", "routes/api/send-verification.ts", { id: "api-send-verification-code" }),
  route("api/verify-email-code", "routes/api/verify-email-code.ts"),
  route("api/password-reset/:step", "routes/api/password-reset.ts"),
  route("api/auth/google", "routes/api/auth/google.ts"),
  route("api/auth/google/callback", "routes/api/auth/google.callback.ts"),
  route("api/translate-live", "routes/api/translate-live.ts"),
  route("api/recordings", "routes/api/recordings/upload.ts"),
  route("api/recordings/:recordingId", "routes/api/recordings/status.ts"),
  route("api/recordings/:recordingId/editor", "routes/api/recordings/editor.ts"),
  route("api/live-sessions", "routes/api/live-sessions/start.ts"),
  route("api/live-sessions/:sessionId", "routes/api/live-sessions/session.ts"),
  route("api/live-sessions/:sessionId/chunks", "routes/api/live-sessions/chunks.ts"),
  route("api/live-sessions/:sessionId/finish", "routes/api/live-sessions/finish.ts"),
  route("api/demo/transcribe", "routes/api/demo-transcribe.ts"),
  route("api/billing/webhook", "routes/api/billing/webhook.ts"),
  route("api/billing/portal", "routes/api/billing/portal.ts"),
  route("api/billing/refund", "routes/api/billing/refund.ts"),
  // The public REST API (ADR 026): API keys, problem details; see /developers.
  route("api/v1/openapi.json", "routes/api/v1/openapi.ts"),
  route("api/v1/recordings", "routes/api/v1/recordings.ts"),
  route("api/v1/recordings/import", "routes/api/v1/recordings-import.ts"),
  route("api/v1/recordings/:recordingId", "routes/api/v1/recording.ts"),
  route("api/v1/recordings/:recordingId/export", "routes/api/v1/recording-export.ts"),
  route("api/v1/recordings/:recordingId/caption", "routes/api/v1/recording-caption.ts"),
  route("api/v1/recordings/:recordingId/translations", "routes/api/v1/recording-translations.ts"),
  route("api/v1/recordings/:recordingId/summary", "routes/api/v1/recording-summary.ts"),
  // Review, versions and verification (ADR 045).
  route("api/v1/recordings/:recordingId/versions", "routes/api/v1/recording-versions.ts"),
  route("api/v1/recordings/:recordingId/redactions", "routes/api/v1/recording-redactions.ts"),
  route("api/v1/recordings/:recordingId/versions/:number/sign-off", "routes/api/v1/recording-version-sign-off.ts"),
  route("api/v1/recordings/:recordingId/verify", "routes/api/v1/recording-verify.ts"),
  route("api/v1/recordings/:recordingId/review", "routes/api/v1/recording-review.ts"),
  route("api/v1/recordings/:recordingId/review/verifications", "routes/api/v1/recording-review-verifications.ts"),
  route("api/v1/workspaces", "routes/api/v1/workspaces.ts"),
  route("api/v1/workspaces/:workspaceId/members", "routes/api/v1/workspace-members.ts"),
  route("api/v1/workspaces/:workspaceId/invitations", "routes/api/v1/workspace-invitations.ts"),
  route("api/v1/folders/:folderId/access", "routes/api/v1/folder-access.ts"),
  route("api/v1/workspaces/:workspaceId/audit-events", "routes/api/v1/workspace-audit-events.ts"),
  route("api/v1/workspaces/:workspaceId/scim-tokens", "routes/api/v1/workspace-scim-tokens.ts"),
  route("api/v1/workspaces/:workspaceId/scim-tokens/:tokenId", "routes/api/v1/workspace-scim-token.ts"),
  route("api/v1/workspaces/:workspaceId/scim-groups/:groupId", "routes/api/v1/workspace-scim-group.ts"),
  route("api/v1/workspaces/:workspaceId/policies", "routes/api/v1/workspace-policies.ts"),
  route("api/v1/workspaces/:workspaceId/seats", "routes/api/v1/workspace-seats.ts"),
  route("api/v1/workspaces/:workspaceId/billing-owner", "routes/api/v1/workspace-billing-owner.ts"),
  route(
    "api/v1/workspaces/:workspaceId/members/:userId/reset-factors",
    "routes/api/v1/workspace-member-reset-factors.ts",
  ),
  route("api/v1/*", "routes/api/v1/not-found.ts"),
  // SCIM 2.0 for a team workspace's identity provider (ADR 042), authenticated by the workspace's SCIM token.
  route("scim/v2/*", "routes/scim.v2.ts"),
  route("api/admin/check-auth", "routes/api/admin/check-auth.ts"),
  route("api/admin/login", "routes/api/admin/login.ts"),
  route("api/admin/logout", "routes/api/admin/logout.ts"),
  route("api/admin/chat/sessions", "routes/api/admin/chat-sessions.ts"),
  route("api/admin/chat/sessions/:sessionId", "routes/api/admin/chat-session.ts"),
  route("api/admin/chat/sessions/:sessionId/respond", "routes/api/admin/chat-session-respond.ts"),
  route("api/admin/chat/sessions/:sessionId/close", "routes/api/admin/chat-session-close.ts"),

  route("blog/rss.xml", "routes/blog.rss.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("logout", "routes/logout.ts"),
  route("cookie-consent", "routes/cookie-consent.ts"),
  route("support-chat", "routes/support-chat.ts"),
  route("transcription/:recordingId/export", "routes/transcription-export.ts"),
  route("transcription/:recordingId/audio", "routes/transcription-audio.ts"),
  route("recordings/export", "routes/recordings-export.ts"),
  // The app shell's workspace switcher (ADR 034-workspace).
  route("workspaces/switch", "routes/workspaces-switch.ts"),
  // Share links (issue 17): the read-only page, its audio and downloads; no account needed.
  route("s/:token", "routes/s.$token.tsx"),
  route("s/:token/audio", "routes/s.$token.audio.ts"),
  route("s/:token/export", "routes/s.$token.export.ts"),
  route("transcription/:recordingId/retranslate", "routes/transcription-retranslate.ts"),
  route("_test/error", "routes/test.error.tsx"),
] satisfies RouteConfig;
