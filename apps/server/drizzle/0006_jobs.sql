CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"source" text NOT NULL,
	"job_id" uuid,
	"bid_id" uuid,
	"quote_request_id" uuid,
	"service_id" uuid,
	"title" text NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text DEFAULT 'GHS' NOT NULL,
	"scheduled_date" date,
	"scheduled_end_date" date,
	"city" text,
	"address" text,
	"latitude" double precision,
	"longitude" double precision,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_job_id_unique" UNIQUE("job_id"),
	CONSTRAINT "bookings_quote_request_id_unique" UNIQUE("quote_request_id"),
	CONSTRAINT "bookings_source_check" CHECK ("bookings"."source" in ('bid','quote')),
	CONSTRAINT "bookings_price_check" CHECK ("bookings"."price_minor" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "job_bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"provider_id" text NOT NULL,
	"price_minor" integer NOT NULL,
	"message" text NOT NULL,
	"earliest_start" date,
	"duration_minutes" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_bids_job_provider_unique" UNIQUE("job_id","provider_id"),
	CONSTRAINT "job_bids_status_check" CHECK ("job_bids"."status" in ('active','withdrawn','accepted','declined')),
	CONSTRAINT "job_bids_price_check" CHECK ("job_bids"."price_minor" between 1 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "job_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"storage_key" text NOT NULL,
	"public_key" text,
	"content_type" text NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_photos_job_position_unique" UNIQUE("job_id","position"),
	CONSTRAINT "job_photos_position_check" CHECK ("job_photos"."position" between 0 and 20)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"title" text NOT NULL,
	"category_slug" text NOT NULL,
	"description" text NOT NULL,
	"city" text,
	"address" text,
	"latitude" double precision,
	"longitude" double precision,
	"when_type" text NOT NULL,
	"date_start" date,
	"date_end" date,
	"budget_min_minor" integer,
	"budget_max_minor" integer,
	"currency" text DEFAULT 'GHS' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"bids_count" integer DEFAULT 0 NOT NULL,
	"hired_bid_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('open','hired','closed','cancelled','expired')),
	CONSTRAINT "jobs_when_check" CHECK ("jobs"."when_type" in ('date','window','flexible')),
	CONSTRAINT "jobs_budget_check" CHECK (("jobs"."budget_min_minor" is null or "jobs"."budget_min_minor" between 0 and 100000000) and ("jobs"."budget_max_minor" is null or "jobs"."budget_max_minor" between 0 and 100000000) and ("jobs"."budget_min_minor" is null or "jobs"."budget_max_minor" is null or "jobs"."budget_min_minor" <= "jobs"."budget_max_minor")),
	CONSTRAINT "jobs_currency_check" CHECK ("jobs"."currency" = 'GHS')
);
--> statement-breakpoint
CREATE TABLE "quote_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"service_id" uuid,
	"service_title" text NOT NULL,
	"category_slug" text NOT NULL,
	"details" text NOT NULL,
	"preferred_date" date,
	"city" text,
	"address" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"quote_price_minor" integer,
	"quote_message" text,
	"decline_message" text,
	"responded_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_requests_status_check" CHECK ("quote_requests"."status" in ('pending','quoted','declined','accepted','expired','cancelled')),
	CONSTRAINT "quote_requests_price_check" CHECK ("quote_requests"."quote_price_minor" is null or "quote_requests"."quote_price_minor" between 1 and 100000000)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_id_profiles_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_provider_id_profiles_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_bid_id_job_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."job_bids"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_id_provider_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."provider_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_bids" ADD CONSTRAINT "job_bids_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_bids" ADD CONSTRAINT "job_bids_provider_id_profiles_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_photos" ADD CONSTRAINT "job_photos_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_customer_id_profiles_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_category_slug_service_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."service_categories"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_customer_id_profiles_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_provider_id_profiles_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_service_id_provider_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."provider_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_customer_idx" ON "bookings" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_provider_idx" ON "bookings" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE INDEX "job_bids_job_idx" ON "job_bids" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "job_bids_provider_created_idx" ON "job_bids" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_customer_idx" ON "jobs" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_open_idx" ON "jobs" USING btree ("created_at") WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_category_idx" ON "jobs" USING btree ("category_slug","created_at") WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "quote_requests_customer_idx" ON "quote_requests" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_requests_provider_idx" ON "quote_requests" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_requests_live_idx" ON "quote_requests" USING btree ("expires_at") WHERE "quote_requests"."status" in ('pending','quoted');