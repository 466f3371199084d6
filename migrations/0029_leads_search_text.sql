-- What search matches a lead on, in one lower-cased text: its name, company and e-mail, split by a
-- character no typed term can hold (the text normaliser drops control characters), so a term never
-- matches across two fields. VIRTUAL: computed when read, stored only in the index below.
--
-- Written here and not in worker/db/schema.ts on purpose: declared there, drizzle would select it
-- into every lead the API answers, write it into exports and try to insert it on import, which
-- SQLite refuses for a generated column. The search tests in tests/worker/leads.test.ts fail if a later rebuild of
-- the leads table (as 0021 did) leaves it out.
ALTER TABLE `leads` ADD `search_text` text GENERATED ALWAYS AS (lower(`name` || char(1) || coalesce(`company`, '') || char(1) || coalesce(`email`, ''))) VIRTUAL;
--> statement-breakpoint
-- Newest first, as search and the leads list read them: a search reads this index alone until it has
-- its hits (no row is fetched to test one), and the list needs no sort for its (created_at, id) order.
CREATE INDEX `leads_created_search_idx` ON `leads` (`created_at`, `id`, `search_text`);
