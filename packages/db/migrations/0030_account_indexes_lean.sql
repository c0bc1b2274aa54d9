DROP INDEX "accounts_account_no_prefix_idx";--> statement-breakpoint
DROP INDEX "accounts_oldest_due_idx";--> statement-breakpoint
DROP INDEX "accounts_account_no_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_account_no_uq" ON "accounts" USING btree ("account_no" text_pattern_ops);