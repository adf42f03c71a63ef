CREATE TABLE "id_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" text NOT NULL,
	"doc_status" text DEFAULT 'uploading' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "id_documents_status_check" CHECK ("id_documents"."doc_status" in ('uploading','uploaded','submitted','approved','rejected'))
);
--> statement-breakpoint
CREATE TABLE "provider_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" text NOT NULL,
	"weekday" smallint NOT NULL,
	"opens" time NOT NULL,
	"closes" time NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_availability_provider_weekday_unique" UNIQUE("provider_id","weekday"),
	CONSTRAINT "provider_availability_weekday_check" CHECK ("provider_availability"."weekday" between 0 and 6),
	CONSTRAINT "provider_availability_hours_check" CHECK ("provider_availability"."closes" > "provider_availability"."opens")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email" text,
	"stripe_customer_id" text,
	"subscribed" boolean DEFAULT false NOT NULL,
	"subscription_tier" text DEFAULT 'starter' NOT NULL,
	"subscription_end" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_content" text,
	"utm_term" text,
	"welcome_email_sent" boolean DEFAULT false NOT NULL,
	"welcome_email_sent_at" timestamp with time zone,
	"last_email_sent_at" timestamp with time zone,
	"email_status" text,
	CONSTRAINT "subscriptions_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "subscriptions_tier_check" CHECK ("subscriptions"."subscription_tier" in ('starter','pro','premium','enterprise'))
);
--> statement-breakpoint
CREATE TABLE "terms_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"terms_version" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	CONSTRAINT "terms_acceptances_user_version_unique" UNIQUE("user_id","terms_version")
);
--> statement-breakpoint
ALTER TABLE "provider_locations" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "provider_locations" ADD COLUMN "digital_address" text;--> statement-breakpoint
ALTER TABLE "id_documents" ADD CONSTRAINT "id_documents_provider_id_profiles_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_availability" ADD CONSTRAINT "provider_availability_provider_id_profiles_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "id_documents_provider_idx" ON "id_documents" USING btree ("provider_id");