-- Every notification says what it is, so the senders branch on its kind and never on its wording:
-- `kind` (a closed set, see agora_store::Notice), whether a picture of the game's position at
-- `ply` belongs with it, and whether that picture carries the final field overlay (Agros, AR-14).
-- Rows written before this migration are plain messages without a picture.
ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'message';
ALTER TABLE outbox ADD COLUMN board INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN overlay INTEGER NOT NULL DEFAULT 0;
