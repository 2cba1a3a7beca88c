// npm run billing:sync
// Creates or updates the Stripe Products and Prices from the plan data (app/content/plans.ts), found again by their
// lookup keys: safe to run any number of times. A changed amount gets a new Price that takes over the lookup key (a
// Stripe price's amount cannot change); the old one is archived, and existing subscribers keep paying it until they
// change plan.
import { stripeCatalog } from "~/modules/billing/catalog";
import { configuredPayments } from "~/services/payments/index.server";

const payments = configuredPayments();
if (!payments) {
  console.error("Error: STRIPE_SECRET_KEY is not set, so there is nothing to sync.");
  process.exit(1);
}
try {
  const report = await payments.syncCatalog(stripeCatalog());
  for (const product of report.products) console.info(`product ${product.key}: ${product.action} (${product.id})`);
  for (const price of report.prices) console.info(`price ${price.lookupKey}: ${price.action} (${price.id})`);
} catch (error) {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
