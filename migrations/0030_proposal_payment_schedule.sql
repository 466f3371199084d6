-- Every proposal has a payment schedule (docs/decisions/0061-payment-schedules.md), a JSON array of
-- instalments. Proposals made before it get the Terms' own: 50% on acceptance, 50% on launch
-- approval. The studio's default schedule needs no column: it is a field of the `studio` settings
-- value, read as the Terms' schedule until an Owner saves another.
ALTER TABLE `proposals` ADD `payment_schedule` text DEFAULT '[{"label":"Deposit","share_kind":"percent","share":50,"due":"on_acceptance","due_date":null},{"label":"Balance","share_kind":"percent","share":50,"due":"on_launch_approval","due_date":null}]' NOT NULL;