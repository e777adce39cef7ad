-- Decision 072: the kind of a vehicle refresh's last failure (timeout, rate_limited…), the reason the screens show.
ALTER TABLE "vehicle_refresh" ADD COLUMN "last_error_kind" text;
