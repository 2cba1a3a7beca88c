-- Sessions keep only a SHA-256 of their token (ADR 040-sessions). The cookie of an existing session carries its old
-- id, so that id's hash becomes the token hash and the session keeps working; the id itself is replaced by a random
-- one, so the table no longer holds a token that signs anyone in.
ALTER TABLE "Session" ADD COLUMN "tokenHash" TEXT;
UPDATE "Session" SET "tokenHash" = encode(sha256(convert_to("id", 'UTF8')), 'hex'), "id" = gen_random_uuid()::text;
ALTER TABLE "Session" ALTER COLUMN "tokenHash" SET NOT NULL;
CREATE UNIQUE INDEX "Session_tokenHash_key" ON "Session"("tokenHash");

-- The workspace policy "two-factor required".
ALTER TABLE "Workspace" ADD COLUMN "twoFactorRequired" BOOLEAN NOT NULL DEFAULT false;
