ALTER TABLE "workflow_definitions" ADD COLUMN "built_in_version" integer;--> statement-breakpoint
-- Every row stored before built-in versions existed was built from built-in version 1 (seeded, or a legal
-- timelines change applied to it).
UPDATE "workflow_definitions" SET "built_in_version" = 1;
