CREATE TABLE "webhook_messages" (
	"source" text NOT NULL,
	"message_id" text NOT NULL,
	"received" timestamp with time zone NOT NULL,
	CONSTRAINT "webhook_messages_source_message_id_pk" PRIMARY KEY("source","message_id")
);
--> statement-breakpoint
CREATE INDEX "webhook_messages_received_idx" ON "webhook_messages" USING btree ("received");