-- Text search (typo-tolerant) and distance search used by later features; created here so every
-- database, embedded or server, has them. On a Postgres server they need a superuser once.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
