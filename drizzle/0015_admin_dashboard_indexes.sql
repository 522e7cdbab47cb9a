CREATE INDEX "access_requests_created_idx" ON "access_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");