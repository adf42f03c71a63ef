CREATE TABLE "booking_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"customer_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway_reference" text,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "booking_refunds_amount_check" CHECK ("booking_refunds"."amount_minor" > 0),
	CONSTRAINT "booking_refunds_status_check" CHECK ("booking_refunds"."status" in ('pending','sent','failed'))
);
--> statement-breakpoint
CREATE TABLE "material_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"provider_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"description" text NOT NULL,
	"file_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_receipts_amount_check" CHECK ("material_receipts"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_settings" (
	"provider_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"network" text,
	"bank_code" text,
	"bank_name" text,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"gateway" text NOT NULL,
	"recipient_code" text,
	"hold_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_settings_type_check" CHECK ("payout_settings"."type" in ('mobile_money','bank')),
	CONSTRAINT "payout_settings_gateway_check" CHECK ("payout_settings"."gateway" in ('sandbox','stripe','paystack')),
	CONSTRAINT "payout_settings_network_check" CHECK ("payout_settings"."network" is null or "payout_settings"."network" in ('mtn','vod','atl'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" text NOT NULL,
	"gateway" text NOT NULL,
	"reference" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text DEFAULT 'GHS' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"method_label" text NOT NULL,
	"transfer_code" text,
	"failure_reason" text,
	"advance" boolean DEFAULT false NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "payouts_gateway_reference_unique" UNIQUE("gateway","reference"),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_minor" > 0),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('pending','paid','failed','reversed')),
	CONSTRAINT "payouts_gateway_check" CHECK ("payouts"."gateway" in ('sandbox','stripe','paystack')),
	CONSTRAINT "payouts_currency_check" CHECK ("payouts"."currency" in ('GHS','USD'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"reference" text PRIMARY KEY NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"recipient_code" text NOT NULL,
	"account_number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "disputes" DROP CONSTRAINT "disputes_outcome_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose_check";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "tier" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "cadence" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_status" text DEFAULT 'not_required' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "advance_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "receipts_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "earnings_available_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "earnings_matured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "provider_minor" integer;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "customer_minor" integer;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD CONSTRAINT "booking_refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_refunds" ADD CONSTRAINT "booking_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_receipts" ADD CONSTRAINT "material_receipts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD CONSTRAINT "payout_settings_provider_id_profiles_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_provider_id_profiles_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_refunds_booking_idx" ON "booking_refunds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_refunds_status_idx" ON "booking_refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "material_receipts_booking_idx" ON "material_receipts" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_pending" ON "payouts" USING btree ("provider_id") WHERE "payouts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payouts_provider_idx" ON "payouts" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_payment_due_idx" ON "bookings" USING btree ("payment_due_at") WHERE "bookings"."payment_status" = 'awaiting_payment';--> statement-breakpoint
CREATE INDEX "bookings_earnings_due_idx" ON "bookings" USING btree ("earnings_available_at") WHERE "bookings"."earnings_matured_at" is null and "bookings"."earnings_available_at" is not null;--> statement-breakpoint
CREATE INDEX "ledger_transactions_booking_idx" ON "ledger_transactions" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_booking" ON "payments" USING btree ("booking_id") WHERE "payments"."status" = 'pending' and "payments"."purpose" = 'booking';--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_status_check" CHECK ("bookings"."payment_status" in ('not_required','awaiting_payment','held','released','refunded','partially_refunded','expired'));--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_outcome_check" CHECK ("disputes"."in_favour_of" is null or "disputes"."in_favour_of" in ('customer','provider','split'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_or_booking_check" CHECK ("payments"."purpose" = 'booking' or ("payments"."tier" is not null and "payments"."cadence" is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" in ('subscription','renewal','upgrade','booking'));