// npm run audit:verify
// Walks the audit trail's hash chain (ADR 036-audit) and prints "audit log intact: N entries" with the head's hash
// (note it: removing the newest entries shows only against an earlier head), or the first entry that was changed or
// removed, and then exits 1.
import { verificationReport, verifyAuditChain } from "~/modules/audit/verify.server";
import { runCli } from "./cli";

await runCli(async () => {
  const result = await verifyAuditChain();
  if (result.intact) console.info(verificationReport(result));
  else {
    console.error(verificationReport(result));
    process.exitCode = 1;
  }
});
