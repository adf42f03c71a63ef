CREATE TABLE "admin_activity" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"actor_id" text,
	"subject_id" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_activity_kind_check" CHECK ("admin_activity"."kind" in ('user_signed_up','job_posted','bid_placed','booking_created','review_written','report_filed','payment_received'))
);
--> statement-breakpoint
CREATE TABLE "event_sessions" (
	"session_key" text PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"utm_source" text,
	"page_views" integer DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_misses" (
	"query" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_misses_day_query_category_city_pk" PRIMARY KEY("day","query","category","city")
);
--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "password_reset_required_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enterprise_leads" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "enterprise_leads" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprise_leads" ADD COLUMN "follow_up_on" date;--> statement-breakpoint
ALTER TABLE "enterprise_leads" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "admin_activity_kind_idx" ON "admin_activity" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "event_sessions_day_idx" ON "event_sessions" USING btree ("day","utm_source") INCLUDE ("anonymous","page_views","signups","conversions");--> statement-breakpoint
ALTER TABLE "enterprise_leads" ADD CONSTRAINT "enterprise_leads_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_tracking_session_idx" ON "event_tracking" USING btree ("session_id","event_type");--> statement-breakpoint
CREATE INDEX "event_tracking_page_idx" ON "event_tracking" USING btree ("page_path","event_type","created_at");--> statement-breakpoint
ALTER TABLE "enterprise_leads" ADD CONSTRAINT "enterprise_leads_status_check" CHECK ("enterprise_leads"."status" in ('new','contacted','qualified','won','lost'));--> statement-breakpoint
-- Issue 19 (hand-written): the admin's live feed. One trigger function for the tables whose inserts
-- are activity; the row is stored and announced on the realtime channel at commit (a rolled-back
-- insert is neither). The payload {"a": …} is told apart from stored events ("e") and frames ("f").
CREATE OR REPLACE FUNCTION adwuma_record_activity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_kind text;
  v_actor text;
  v_data jsonb;
  v_row admin_activity%ROWTYPE;
BEGIN
  IF TG_TABLE_NAME = 'auth_users' THEN
    v_kind := 'user_signed_up'; v_actor := NEW.id;
    v_data := jsonb_build_object('name', NEW.name, 'role', NEW.user_role);
  ELSIF TG_TABLE_NAME = 'jobs' THEN
    v_kind := 'job_posted'; v_actor := NEW.customer_id;
    v_data := jsonb_build_object('title', NEW.title, 'city', NEW.city, 'category', NEW.category_slug,
      'budget_max_minor', NEW.budget_max_minor);
  ELSIF TG_TABLE_NAME = 'job_bids' THEN
    v_kind := 'bid_placed'; v_actor := NEW.provider_id;
    v_data := jsonb_build_object('job_id', NEW.job_id, 'price_minor', NEW.price_minor);
  ELSIF TG_TABLE_NAME = 'bookings' THEN
    v_kind := 'booking_created'; v_actor := NEW.customer_id;
    v_data := jsonb_build_object('title', NEW.title, 'price_minor', NEW.price_minor, 'city', NEW.city,
      'provider_id', NEW.provider_id, 'source', NEW.source);
  ELSIF TG_TABLE_NAME = 'reviews' THEN
    v_kind := 'review_written'; v_actor := NEW.author_id;
    v_data := jsonb_build_object('rating', NEW.rating, 'subject_user_id', NEW.subject_id, 'author_role', NEW.author_role);
  ELSIF TG_TABLE_NAME = 'user_reports' THEN
    v_kind := 'report_filed'; v_actor := NEW.reporter_id;
    v_data := jsonb_build_object('reason', NEW.reason, 'reported_id', NEW.reported_id);
  ELSIF TG_TABLE_NAME = 'payments' THEN
    IF NEW.status <> 'succeeded' OR (TG_OP = 'UPDATE' AND OLD.status = 'succeeded') THEN
      RETURN NULL;
    END IF;
    v_kind := 'payment_received'; v_actor := NEW.user_id;
    v_data := jsonb_build_object('amount_minor', NEW.amount_minor, 'currency', NEW.currency,
      'purpose', NEW.purpose, 'method', NEW.method);
  ELSE
    RETURN NULL;
  END IF;
  INSERT INTO admin_activity (kind, actor_id, subject_id, data)
    VALUES (v_kind, v_actor, NEW.id::text, v_data) RETURNING * INTO v_row;
  PERFORM pg_notify('adwuma_realtime', json_build_object('a', json_build_object(
    'id', v_row.id::text, 'kind', v_row.kind, 'actor_id', v_row.actor_id, 'subject_id', v_row.subject_id,
    'data', v_row.data, 'created_at', v_row.created_at))::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER adwuma_activity_users AFTER INSERT ON auth_users FOR EACH ROW EXECUTE FUNCTION adwuma_record_activity();--> statement-breakpoint
CREATE TRIGGER adwuma_activity_jobs AFTER INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION adwuma_record_activity();--> statement-breakpoint
CREATE TRIGGER adwuma_activity_bids AFTER INSERT ON job_bids FOR EACH ROW EXECUTE FUNCTION adwuma_record_activity();--> statement-breakpoint
CREATE TRIGGER adwuma_activity_bookings AFTER INSERT ON bookings FOR EACH ROW EXECUTE FUNCTION adwuma_record_activity();--> statement-breakpoint
CREATE TRIGGER adwuma_activity_reviews AFTER INSERT ON reviews FOR EACH ROW EXECUTE FUNCTION adwuma_record_activity();--> statement-breakpoint
CREATE TRIGGER adwuma_activity_reports AFTER INSERT ON user_reports FOR EACH ROW EXECUTE FUNCTION adwuma_record_activity();--> statement-breakpoint
CREATE TRIGGER adwuma_activity_payments AFTER INSERT OR UPDATE OF status ON payments FOR EACH ROW EXECUTE FUNCTION adwuma_record_activity();
--> statement-breakpoint
-- Issue 19 (hand-written): event_sessions follows event_tracking. A session starts on the day of its
-- earliest event and keeps the source of its earliest event that carried one; events without a session add to
-- their day's anonymous row. Every insert is one upsert of the session's own row (no shared hot row
-- except the rare anonymous one).
CREATE OR REPLACE FUNCTION adwuma_event_session_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_day date := (NEW.created_at AT TIME ZONE 'UTC')::date;
  v_key text := coalesce(NEW.session_id, '~' || v_day::text);
  v_source text;
BEGIN
  INSERT INTO event_sessions AS s (session_key, day, anonymous, utm_source, page_views, signups, conversions)
  VALUES (v_key, v_day, NEW.session_id IS NULL, NEW.utm_source,
    (NEW.event_type = 'page_view')::int, (NEW.event_type = 'user_signup')::int,
    (NEW.event_type = 'conversion')::int)
  ON CONFLICT (session_key) DO UPDATE SET
    day = least(s.day, excluded.day),
    utm_source = coalesce(s.utm_source, excluded.utm_source),
    page_views = s.page_views + excluded.page_views,
    signups = s.signups + excluded.signups,
    conversions = s.conversions + excluded.conversions
  RETURNING utm_source INTO v_source;
  -- Another source than the row's: the earliest event that carried one decides (events can arrive
  -- out of time order). Rare: one indexed look at the session's own events.
  IF NEW.utm_source IS NOT NULL AND v_source <> NEW.utm_source THEN
    UPDATE event_sessions SET utm_source = (
      SELECT e.utm_source FROM event_tracking e
      WHERE e.utm_source IS NOT NULL AND CASE WHEN NEW.session_id IS NULL
        THEN e.session_id IS NULL AND e.created_at >= (v_day::timestamp AT TIME ZONE 'UTC')
          AND e.created_at < ((v_day + 1)::timestamp AT TIME ZONE 'UTC')
        ELSE e.session_id = NEW.session_id END
      ORDER BY e.created_at, e.id LIMIT 1)
    WHERE session_key = v_key;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER adwuma_event_sessions AFTER INSERT ON event_tracking FOR EACH ROW EXECUTE FUNCTION adwuma_event_session_rollup();--> statement-breakpoint
-- Rebuilds event_sessions from every event in one set-based pass (existing rows now; a bulk load
-- such as the funnel benchmark's, which disables the trigger while it loads).
CREATE OR REPLACE FUNCTION adwuma_rebuild_event_sessions() RETURNS void LANGUAGE sql AS $$
  DELETE FROM event_sessions;
  INSERT INTO event_sessions (session_key, day, anonymous, utm_source, page_views, signups, conversions)
  SELECT coalesce(session_id, '~' || d::text), min(d), bool_or(session_id IS NULL),
    (array_agg(utm_source ORDER BY created_at, id) FILTER (WHERE utm_source IS NOT NULL))[1],
    count(*) FILTER (WHERE event_type = 'page_view'), count(*) FILTER (WHERE event_type = 'user_signup'),
    count(*) FILTER (WHERE event_type = 'conversion')
  FROM (SELECT e.*, (e.created_at AT TIME ZONE 'UTC')::date AS d FROM event_tracking e) x
  GROUP BY coalesce(session_id, '~' || d::text);
$$;--> statement-breakpoint
SELECT adwuma_rebuild_event_sessions();
