CREATE TABLE "sign_in_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" double precision NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL
);
