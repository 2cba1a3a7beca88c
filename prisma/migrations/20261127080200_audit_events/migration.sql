-- The audit trail (ADR 036-audit): one append-only, hash-chained log. It replaces the access log of ADR 029, whose
-- rows are copied in first, in order, with the same hashes app/modules/audit/chain.ts computes.

-- CreateTable
CREATE TABLE "AuditEvent" (
    "seq" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "actorId" TEXT,
    "workspaceId" TEXT,
    "action" TEXT NOT NULL,
    "targetKind" TEXT,
    "targetId" TEXT,
    "targetLabel" TEXT,
    "ipAddress" TEXT,
    "userAgent" TEXT,
    "detail" TEXT,
    "salt" TEXT,
    "personalDigest" TEXT NOT NULL,
    "prevHash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "erasedAt" TIMESTAMP(3),

    CONSTRAINT "AuditEvent_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE INDEX "AuditEvent_workspaceId_seq_idx" ON "AuditEvent"("workspaceId", "seq");

-- CreateIndex
CREATE INDEX "AuditEvent_actorId_seq_idx" ON "AuditEvent"("actorId", "seq");

-- CreateIndex
CREATE INDEX "AuditEvent_targetId_action_idx" ON "AuditEvent"("targetId", "action");

-- The old access log, numbered in time order. Its `detail` (a title, a plan, a count) becomes the target's label;
-- entries about the account (sign-ins, plan, deletion) have no workspace, the rest belong to the personal one.
-- Each field is hashed as the hex of its UTF-8 bytes, '~' for null, joined by '|' (chain.ts `canonical`).
CREATE TABLE "_AuditImport" AS
SELECT
    (row_number() OVER (ORDER BY a."createdAt", a."id"))::int AS "seq",
    a."createdAt",
    a."userId" AS "actorId",
    CASE WHEN a."action" IN ('sign-in', 'new-device', 'plan.changed', 'account.deletion-scheduled',
                             'account.deletion-cancelled') THEN NULL ELSE w."id" END AS "workspaceId",
    a."action",
    a."detail" AS "targetLabel",
    a."ipAddress",
    a."userAgent",
    gen_random_uuid()::text AS "salt"
FROM "AccessLogEntry" a
LEFT JOIN "Workspace" w ON w."personalOwnerId" = a."userId";

ALTER TABLE "_AuditImport" ADD COLUMN "personalDigest" TEXT;
UPDATE "_AuditImport" SET "personalDigest" = encode(sha256(convert_to(
    'personal-v1'
    || '|' || COALESCE(encode(convert_to("salt", 'UTF8'), 'hex'), '~')
    || '|' || COALESCE(encode(convert_to("actorId", 'UTF8'), 'hex'), '~')
    || '|' || '~'
    || '|' || COALESCE(encode(convert_to("targetLabel", 'UTF8'), 'hex'), '~')
    || '|' || COALESCE(encode(convert_to("ipAddress", 'UTF8'), 'hex'), '~')
    || '|' || COALESCE(encode(convert_to("userAgent", 'UTF8'), 'hex'), '~')
    || '|' || '~', 'UTF8')), 'hex');
ALTER TABLE "_AuditImport" ADD PRIMARY KEY ("seq");

INSERT INTO "AuditEvent" ("seq", "createdAt", "actorId", "workspaceId", "action", "targetLabel", "ipAddress",
                          "userAgent", "salt", "personalDigest", "prevHash", "hash")
WITH RECURSIVE "chain" ("seq", "prevHash", "hash") AS (
    SELECT i."seq", repeat('0', 64), encode(sha256(convert_to(
        repeat('0', 64)
        || '|' || encode(convert_to(i."seq"::text, 'UTF8'), 'hex')
        || '|' || encode(convert_to(((extract(epoch FROM i."createdAt") * 1000)::bigint)::text, 'UTF8'), 'hex')
        || '|' || COALESCE(encode(convert_to(i."workspaceId", 'UTF8'), 'hex'), '~')
        || '|' || encode(convert_to(i."action", 'UTF8'), 'hex')
        || '|' || '~'
        || '|' || i."personalDigest", 'UTF8')), 'hex')
    FROM "_AuditImport" i WHERE i."seq" = 1
    UNION ALL
    SELECT i."seq", c."hash", encode(sha256(convert_to(
        c."hash"
        || '|' || encode(convert_to(i."seq"::text, 'UTF8'), 'hex')
        || '|' || encode(convert_to(((extract(epoch FROM i."createdAt") * 1000)::bigint)::text, 'UTF8'), 'hex')
        || '|' || COALESCE(encode(convert_to(i."workspaceId", 'UTF8'), 'hex'), '~')
        || '|' || encode(convert_to(i."action", 'UTF8'), 'hex')
        || '|' || '~'
        || '|' || i."personalDigest", 'UTF8')), 'hex')
    FROM "chain" c JOIN "_AuditImport" i ON i."seq" = c."seq" + 1
)
SELECT i."seq", i."createdAt", i."actorId", i."workspaceId", i."action", i."targetLabel", i."ipAddress",
       i."userAgent", i."salt", i."personalDigest", c."prevHash", c."hash"
FROM "_AuditImport" i JOIN "chain" c ON c."seq" = i."seq";

DROP TABLE "_AuditImport";

-- DropForeignKey
ALTER TABLE "AccessLogEntry" DROP CONSTRAINT "AccessLogEntry_userId_fkey";

-- DropTable
DROP TABLE "AccessLogEntry";

-- Append-only: UPDATE and DELETE (and TRUNCATE) are refused. The one update allowed is erasure (an account's
-- deletion, audit/erasure.server.ts): every personal field set to null and `erasedAt` set, nothing hashed changed.
CREATE FUNCTION "audit_event_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        IF NEW."seq" = OLD."seq" AND NEW."createdAt" = OLD."createdAt"
            AND NEW."workspaceId" IS NOT DISTINCT FROM OLD."workspaceId" AND NEW."action" = OLD."action"
            AND NEW."targetKind" IS NOT DISTINCT FROM OLD."targetKind"
            AND NEW."personalDigest" = OLD."personalDigest" AND NEW."prevHash" = OLD."prevHash"
            AND NEW."hash" = OLD."hash"
            AND NEW."salt" IS NULL AND NEW."actorId" IS NULL AND NEW."targetId" IS NULL
            AND NEW."targetLabel" IS NULL AND NEW."ipAddress" IS NULL AND NEW."userAgent" IS NULL
            AND NEW."detail" IS NULL AND NEW."erasedAt" IS NOT NULL THEN
            RETURN NEW;
        END IF;
    END IF;
    RAISE EXCEPTION 'The audit log is append-only: % on "AuditEvent" is refused', TG_OP;
END
$$;

CREATE TRIGGER "AuditEvent_append_only" BEFORE UPDATE OR DELETE ON "AuditEvent"
    FOR EACH ROW EXECUTE FUNCTION "audit_event_append_only"();

CREATE TRIGGER "AuditEvent_no_truncate" BEFORE TRUNCATE ON "AuditEvent"
    FOR EACH STATEMENT EXECUTE FUNCTION "audit_event_append_only"();
