-- Trust, second round: joining two accounts takes a code delivered to each side. `link` on the
-- first account makes an offer (no partner); `link <offer>` on the second makes a confirmation,
-- delivered to the second and entered on the first (`player_id`), which joins `partner_id` into it.
ALTER TABLE link_codes ADD COLUMN partner_id BIGINT REFERENCES players (id);
