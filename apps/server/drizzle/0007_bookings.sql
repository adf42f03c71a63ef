CREATE TABLE "booking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"actor_id" text,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispute_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispute_id" uuid NOT NULL,
	"uploaded_by" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"opened_by" text NOT NULL,
	"opener_role" text NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"in_favour_of" text,
	"resolution_note" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_status_check" CHECK ("disputes"."status" in ('open','resolved')),
	CONSTRAINT "disputes_outcome_check" CHECK ("disputes"."in_favour_of" is null or "disputes"."in_favour_of" in ('customer','provider'))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"author_role" text NOT NULL,
	"rating" smallint NOT NULL,
	"text" text NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_booking_author_unique" UNIQUE("booking_id","author_id"),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_role_check" CHECK ("reviews"."author_role" in ('customer','provider'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "start_time" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "done_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "late_cancellation" boolean;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "proposed_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "proposed_date" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "proposed_start_time" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "proposed_duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "proposed_note" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "proposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "status_before_dispute" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tier_at_completion" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "commission_percent" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "commission_minor" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "earnings_minor" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminder_sent_for" date;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_photos" ADD CONSTRAINT "dispute_photos_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_opened_by_profiles_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_id_profiles_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "dispute_photos_dispute_idx" ON "dispute_photos" USING btree ("dispute_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_one_open_idx" ON "disputes" USING btree ("booking_id") WHERE "disputes"."status" = 'open';--> statement-breakpoint
CREATE INDEX "disputes_status_idx" ON "disputes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_subject_idx" ON "reviews" USING btree ("subject_id","published_at");--> statement-breakpoint
CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_provider_time_idx" ON "bookings" USING btree ("provider_id","starts_at") WHERE "bookings"."status" in ('scheduled','in_progress');--> statement-breakpoint
CREATE INDEX "bookings_auto_complete_idx" ON "bookings" USING btree ("done_marked_at") WHERE "bookings"."status" = 'awaiting_confirmation';--> statement-breakpoint
CREATE INDEX "bookings_date_idx" ON "bookings" USING btree ("scheduled_date") WHERE "bookings"."status" in ('scheduled','in_progress');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('scheduled','in_progress','awaiting_confirmation','completed','cancelled','disputed'));