-- Functions the search read model needs (decision 005): a random unused public code and the slug
-- the API answers, `ama-mensah-k3x9q2ab`, computed like the shared slugify (accents folded, & → and).
CREATE OR REPLACE FUNCTION adwuma_public_code() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  candidate text;
BEGIN
  LOOP
    candidate := (SELECT string_agg(substr('0123456789abcdefghijklmnopqrstuvwxyz', 1 + floor(random() * 36)::int, 1), '')
      FROM generate_series(1, 8));
    IF NOT EXISTS (SELECT 1 FROM provider_search WHERE code = candidate) THEN
      RETURN candidate;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION adwuma_slugify(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(
    left(
      trim(both '-' from regexp_replace(
        replace(lower(translate(coalesce(name, ''), 'àáâãäåāăąçćčèéêëēėęěìíîïīįñńňòóôõöōőùúûüūůűųýÿžźżÀÁÂÃÄÅĀĂĄÇĆČÈÉÊËĒĖĘĚÌÍÎÏĪĮÑŃŇÒÓÔÕÖŌŐÙÚÛÜŪŮŰŲÝŸŽŹŻ', 'aaaaaaaaaccceeeeeeeeiiiiiinnnooooooouuuuuuuuyyzzzaaaaaaaaaccceeeeeeeeiiiiiinnnooooooouuuuuuuuyyzzz')), '&', ' and '),
        '[^a-z0-9]+', '-', 'g')),
      60),
    '-+$', '')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION adwuma_provider_slug(name text, code text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN adwuma_slugify(name) = '' THEN code ELSE adwuma_slugify(name) || '-' || code END
$$;
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_provider_id_pk" PRIMARY KEY("user_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "provider_search" (
	"provider_id" text PRIMARY KEY NOT NULL,
	"code" text DEFAULT adwuma_public_code() NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"slug" text GENERATED ALWAYS AS (adwuma_provider_slug("name", "code")) STORED NOT NULL,
	"avatar_url" text,
	"bio_excerpt" text,
	"city" text,
	"region" text,
	"latitude" double precision,
	"longitude" double precision,
	"earth_point" "cube" GENERATED ALWAYS AS (ll_to_earth("latitude", "longitude")::cube) STORED,
	"verified" boolean DEFAULT false NOT NULL,
	"rating" numeric(3, 2) DEFAULT 0 NOT NULL,
	"total_reviews" integer DEFAULT 0 NOT NULL,
	"min_price_minor" integer,
	"price_type" text,
	"category_slugs" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_words" text[] DEFAULT '{}'::text[] NOT NULL,
	"open_days" smallint,
	"response_time_minutes" integer,
	"services_count" integer DEFAULT 0 NOT NULL,
	"member_since" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_search_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "provider_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" text NOT NULL,
	"title" text NOT NULL,
	"category_slug" text NOT NULL,
	"description" text NOT NULL,
	"price_type" text NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text DEFAULT 'GHS' NOT NULL,
	"duration_minutes" integer,
	"service_areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_services_price_type_check" CHECK ("provider_services"."price_type" in ('fixed','hourly','from')),
	CONSTRAINT "provider_services_status_check" CHECK ("provider_services"."status" in ('draft','published','paused')),
	CONSTRAINT "provider_services_price_check" CHECK ("provider_services"."price_minor" between 0 and 100000000),
	CONSTRAINT "provider_services_currency_check" CHECK ("provider_services"."currency" = 'GHS'),
	CONSTRAINT "provider_services_duration_check" CHECK ("provider_services"."duration_minutes" is null or "provider_services"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"storage_key" text NOT NULL,
	"public_key" text,
	"content_type" text NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_photos_service_position_unique" UNIQUE("service_id","position"),
	CONSTRAINT "service_photos_position_check" CHECK ("service_photos"."position" between 0 and 20)
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_provider_id_profiles_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_search" ADD CONSTRAINT "provider_search_provider_id_profiles_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_services" ADD CONSTRAINT "provider_services_provider_id_profiles_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_services" ADD CONSTRAINT "provider_services_category_slug_service_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."service_categories"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "service_photos" ADD CONSTRAINT "service_photos_service_id_provider_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."provider_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorites_user_created_idx" ON "favorites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "favorites_provider_idx" ON "favorites" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "provider_search_words_idx" ON "provider_search" USING gin ("search_words");--> statement-breakpoint
CREATE INDEX "provider_search_categories_idx" ON "provider_search" USING gin ("category_slugs");--> statement-breakpoint
CREATE INDEX "provider_search_earth_idx" ON "provider_search" USING gist ("earth_point");--> statement-breakpoint
CREATE INDEX "provider_search_rating_idx" ON "provider_search" USING btree ("rating" DESC NULLS LAST,"total_reviews" DESC NULLS LAST,"provider_id");--> statement-breakpoint
CREATE INDEX "provider_search_price_idx" ON "provider_search" USING btree ("min_price_minor","provider_id");--> statement-breakpoint
CREATE INDEX "provider_search_city_name_idx" ON "provider_search" USING btree (lower("city"),"name","provider_id");--> statement-breakpoint
CREATE INDEX "provider_search_name_idx" ON "provider_search" USING btree ("name","provider_id");--> statement-breakpoint
CREATE INDEX "provider_services_provider_idx" ON "provider_services" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);