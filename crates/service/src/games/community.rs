//! Games beside one's own: the open challenges (`seeks`), the games being played (`games
//! live`), watching a game (`watch`, `unwatch`, and telling its watchers), and trying an action
//! without playing it (`preview`).

use super::{Extra, GameCtx};
use crate::views::Loaded;
use crate::{Attachment, Done, Fail, Language, Reader, Service, user};
use agora_rules::{AnyAction, Seat};
use agora_store::{Game, GameStatus, Notice, Player, Tx};
use chrono::{DateTime, Utc};
use serde::Serialize;
use std::collections::HashMap;

/// The most open challenges and running games a list shows.
const LIST_LIMIT: u32 = 50;

/// The most games one player may watch at once.
pub(crate) const MAX_WATCHED: u32 = 100;

/// One open challenge as `seeks` and the Discord lobby show it.
#[derive(Serialize)]
pub(crate) struct SeekLine {
    id: i64,
    /// The game's version, for a front end's Accept button; not shown.
    #[serde(skip)]
    version: i64,
    title: String,
    maker: String,
    /// The maker's rating in the game's pool, rounded, if they have one.
    maker_rating: Option<i64>,
    clock: String,
    rated: bool,
    private: bool,
    range: Option<String>,
    expires: String,
}

/// One running game as `games live` shows it.
#[derive(Serialize)]
struct LiveLine {
    id: i64,
    title: String,
    first: String,
    second: String,
    ply: u32,
    /// Who is to act, and their colour.
    to_act: String,
    colour: String,
    rated: bool,
}

/// An open challenge as a front end shows it on its own (the Discord lobby): its number, its
/// version (for the Accept button's guard) and its words (`templates/lobby.txt`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenChallenge {
    pub id: i64,
    pub version: i64,
    pub text: String,
}

/// A watched game that moved, as a digest lists it.
#[derive(Serialize)]
pub(crate) struct WatchedLine {
    id: i64,
    title: String,
    first: String,
    second: String,
    ply: u32,
    last: Option<String>,
    result: Option<String>,
}

impl Service {
    /// The open challenges still waiting, for a lobby read by `reader` (its channel's words, its
    /// language), with times in UTC.
    pub async fn open_challenges(
        &self,
        reader: &Reader,
        now: DateTime<Utc>,
    ) -> Result<Vec<OpenChallenge>, crate::ServiceError> {
        let mut tx = self.store.read().await?;
        let lines = match self.seek_lines(&mut tx, reader.language, "UTC", now).await {
            Ok(lines) => lines,
            Err(Fail::Internal(e)) => return Err(e),
            Err(_) => Vec::new(),
        };
        Ok(lines
            .into_iter()
            .map(|seek| OpenChallenge {
                id: seek.id,
                version: seek.version,
                text: self.templates.render("lobby.txt", reader, &seek),
            })
            .collect())
    }

    /// The games `p` watches that changed since `since`, for their digest.
    pub(crate) async fn watched_lines(
        &self,
        tx: &mut Tx,
        p: &Player,
        since: DateTime<Utc>,
    ) -> Result<Vec<WatchedLine>, Fail> {
        let mut lines = Vec::new();
        for g in tx.watched_since(p.id, since).await? {
            if g.options.private {
                continue;
            }
            let l = self.load(tx, g, None).await?;
            let view = l.view(p.id, &p.timezone, self.language_of(p));
            lines.push(WatchedLine {
                id: view.id,
                title: view.title,
                first: view.first.name,
                second: view.second.name,
                ply: view.ply,
                last: view.last,
                result: view.result,
            });
        }
        Ok(lines)
    }

    /// `seeks`: the open challenges, with their makers' ratings and reliability.
    pub(crate) async fn seeks(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        #[derive(Serialize)]
        struct Ctx {
            seeks: Vec<SeekLine>,
        }
        let seeks = self
            .seek_lines(tx, reader.language, &me.timezone, now)
            .await?;
        Ok(Done {
            loaded: None,
            text: self.templates.render("seeks.txt", reader, Ctx { seeks }),
            game: None,
            attachments: Vec::new(),
        })
    }

    /// The open challenges still waiting, as lines in `lang` (the language their template is
    /// rendered in), times in `timezone`.
    pub(crate) async fn seek_lines(
        &self,
        tx: &mut Tx,
        lang: Language,
        timezone: &str,
        now: DateTime<Utc>,
    ) -> Result<Vec<SeekLine>, Fail> {
        let mut lines = Vec::new();
        for g in tx.open_challenges(LIST_LIMIT).await? {
            if self.expired(&g, now) {
                continue;
            }
            let maker = tx
                .player(g.challenger)
                .await?
                .map_or_else(String::new, |p| p.name);
            let maker_rating = tx
                .rating(g.challenger, crate::ratings::pool_of(g.variant))
                .await?
                .map(|r| r.rating.round() as i64);
            lines.push(SeekLine {
                id: g.id,
                version: g.version,
                title: crate::views::title_in(g.variant, lang),
                maker,
                maker_rating,
                clock: crate::views::describe_in(&g, lang),
                rated: g.options.rated,
                private: g.options.private,
                range: crate::views::range_words_in(
                    g.options.min_rating,
                    g.options.max_rating,
                    lang,
                ),
                expires: crate::views::local_time_in(self.expiry_of(&g), timezone, lang),
            });
        }
        Ok(lines)
    }

    /// `games live`: the running games that are not private, the most recently moved first.
    pub(crate) async fn live(&self, tx: &mut Tx, reader: &Reader) -> Result<Done, Fail> {
        #[derive(Serialize)]
        struct Ctx {
            games: Vec<LiveLine>,
        }
        let mut games = Vec::new();
        let language = reader.language;
        for g in tx.live_games(LIST_LIMIT).await? {
            let mut names = Vec::new();
            for seat in Seat::BOTH {
                let p = tx.player(g.player_at(seat)).await?;
                names.push(p.map_or_else(String::new, |p| p.name));
            }
            let to_act = crate::clock::seat_to_act(&g);
            games.push(LiveLine {
                id: g.id,
                title: crate::views::title_in(g.variant, language),
                to_act: names[to_act.index()].clone(),
                colour: crate::views::colour(language, g.variant.kind(), to_act),
                second: names.pop().unwrap_or_default(),
                first: names.pop().unwrap_or_default(),
                ply: g.ply,
                rated: g.options.rated,
            });
        }
        Ok(Done {
            loaded: None,
            text: self.templates.render("live.txt", reader, Ctx { games }),
            game: None,
            attachments: Vec::new(),
        })
    }

    /// A game the sender may look at: one they play in, or any that is not private.
    pub(crate) async fn visible_game(
        &self,
        tx: &mut Tx,
        me: &Player,
        id: i64,
    ) -> Result<Game, Fail> {
        // A private game of others is answered as one that does not exist: its number tells
        // nothing.
        match tx.game(id).await? {
            Some(game) if visible_to(&game, me.id) => Ok(game),
            _ => user(agora_i18n::text!("no-visible-game", game = id)),
        }
    }

    /// The visibility rule met by every command about game `id`: a game that does not exist and
    /// a private game of others get the same refusal, worded for reading (`watch`, `board`, …)
    /// or for acting in one's own games.
    pub(crate) async fn must_see(
        &self,
        tx: &mut Tx,
        me: &Player,
        id: i64,
        reading: bool,
    ) -> Result<(), Fail> {
        match tx.game(id).await? {
            Some(game) if visible_to(&game, me.id) => Ok(()),
            _ if reading => user(agora_i18n::text!("no-visible-game", game = id)),
            _ => user(agora_i18n::text!("no-such-game-list", game = id)),
        }
    }

    /// `watch #N`.
    pub(crate) async fn watch(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        id: i64,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let game = self.visible_game(tx, me, id).await?;
        if game.seat_of(me.id).is_some() {
            return user(agora_i18n::text!("watch-own-game", game = id));
        }
        match game.status {
            GameStatus::Active => {}
            GameStatus::Proposed => {
                return user(agora_i18n::text!("watch-not-started", game = id));
            }
            _ => {
                return user(agora_i18n::text!("watch-over", game = id));
            }
        }
        if tx.watched_count(me.id).await? >= MAX_WATCHED {
            return user(agora_i18n::text!("watch-limit", max = MAX_WATCHED));
        }
        // Every action is told to each watcher in the mover's transaction: a game's watchers are
        // capped. One who watches already is answered so, full or not.
        let max = self.settings.max_watchers_per_game;
        if tx.watcher_count(id).await? >= max && !tx.watches(id, me.id).await? {
            return user(agora_i18n::text!("watchers-limit", game = id, max = max));
        }
        let new = tx.watch(id, me.id, now).await?;
        let event = if new { "watch" } else { "already" };
        self.watching_reply(tx, reader, me, game, event, now).await
    }

    /// `unwatch #N`.
    pub(crate) async fn unwatch(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        id: i64,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let game = self.visible_game(tx, me, id).await?;
        let was = tx.unwatch(id, me.id).await?;
        let event = if was { "unwatch" } else { "not" };
        self.watching_reply(tx, reader, me, game, event, now).await
    }

    /// The reply to `watch` and `unwatch` (`templates/watching_reply.txt`, which says what each
    /// `event` means).
    async fn watching_reply(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        game: Game,
        event: &'static str,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let id = game.id;
        let l = self.load(tx, game, Some(now)).await?;
        let extra = Extra {
            event: Some(event),
            ..Extra::default()
        };
        Ok(Done {
            loaded: None,
            text: self
                .render_for(tx, reader, &l, me.id, "watching_reply.txt", extra)
                .await?,
            game: Some(id),
            attachments: Vec::new(),
        })
    }

    /// Tells a game's watchers what happened: an action's board (`Notice::Watching` with the
    /// mover and action; skipped for a watcher who chose a daily digest, which lists the game
    /// instead) or the final report (`over`, sent to every watcher). `extra` words what the
    /// template needs beyond the game in the watcher's language.
    ///
    /// However many watch, this costs the mover's transaction two statements: the watchers are
    /// read in one ([`Tx::watchers`]) and their rows written in another ([`Tx::queue_all`]). A
    /// watcher's text depends only on their channel, language and zone and on whether their
    /// mail address is confirmed (names shown or hidden), so it is worded once per such group.
    pub(crate) async fn tell_watchers<'a>(
        &self,
        tx: &mut Tx,
        l: &Loaded,
        extra: impl Fn(crate::Language) -> Extra<'a>,
        over: bool,
        now: DateTime<Utc>,
    ) -> Result<(), Fail> {
        if l.game.options.private {
            return Ok(());
        }
        let notice = crate::players::Queued {
            game: Some((l.game.id, l.game.ply)),
            kind: Notice::Watching,
            overlay: over && crate::queries::final_fields(&l.game, l.game.ply),
        };
        let mut texts: HashMap<(crate::Channel, crate::Language, String, bool), (String, String)> =
            HashMap::new();
        // The players' labels for a reader whose mail is not confirmed, read once for each
        // language they are needed in.
        let mut labels: HashMap<crate::Language, Vec<String>> = HashMap::new();
        let mut rows = Vec::new();
        for w in tx.watchers(l.game.id).await? {
            let p = &w.player;
            if (!over && p.digest_hour.is_some()) || l.game.seat_of(p.id).is_some() {
                continue;
            }
            let listed: Vec<_> = w.identities.iter().map(|(i, _)| i).collect();
            let Some(chosen) = crate::players::notice_identity_among(p, &listed) else {
                continue;
            };
            let (identity, mail_confirmed) = &w.identities[chosen];
            // A blocked identity is sent nothing (see `admin`).
            if identity.blocked {
                tracing::info!(identity = %identity.address, kind = notice.kind.code(), "not queued: the recipient is blocked");
                continue;
            }
            let hidden = crate::players::unproven_mail(identity).is_some() && !mail_confirmed;
            let language = self.language_of(p);
            if hidden && !labels.contains_key(&language) {
                let mut found = Vec::new();
                for seat in Seat::BOTH {
                    let player = l.game.player_at(seat);
                    found.push(self.identity_label(tx, player, language).await?);
                }
                labels.insert(language, found);
            }
            let key = (
                identity.address.channel,
                language,
                p.timezone.clone(),
                hidden,
            );
            let text = match texts.get(&key) {
                Some(text) => text.clone(),
                None => {
                    let mut ctx = GameCtx {
                        game: l.view(p.id, &p.timezone, language),
                        extra: extra(language),
                    };
                    ctx.game.watching = true;
                    if let (true, Some(labels)) = (hidden, labels.get(&language)) {
                        for (seat, label) in Seat::BOTH.into_iter().zip(labels) {
                            ctx.hide_name(l.kind().seat_name(seat), label);
                        }
                    }
                    let text = self.notice_text(
                        notice.kind,
                        identity.address.channel.code(),
                        language,
                        ctx,
                    );
                    texts.insert(key, text.clone());
                    text
                }
            };
            rows.push(notice.message(p.id, identity, text));
        }
        tx.queue_all(&rows, now).await?;
        Ok(())
    }

    /// `preview [#N] <action>`: the board after the action, as text and a picture, without
    /// playing it. Any game the sender may see, whoever is to act in it.
    pub(crate) async fn preview(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        game: Option<i64>,
        action: &str,
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let game = match game {
            Some(id) => self.visible_game(tx, me, id).await?,
            None => {
                self.pick(
                    tx,
                    me,
                    None,
                    "preview",
                    agora_i18n::text!("preview-no-game"),
                    |g| g.status == GameStatus::Active,
                )
                .await?
            }
        };
        let id = game.id;
        if game.status != GameStatus::Active {
            return user(agora_i18n::text!(
                "preview-not-active",
                game = id,
                status = game.status.to_string()
            ));
        }
        let l = self.load(tx, game, Some(now)).await?;
        let parsed = match l.position.parse_action(action) {
            Ok(a) => a,
            Err(e) => {
                return user(agora_i18n::text!(
                    "preview-illegal",
                    action = action,
                    game = id,
                    why = crate::rule_errors::action_text(&e, reader.language)
                        .in_lang(reader.language)
                ));
            }
        };
        Ok(self.preview_answer(reader, &l, parsed))
    }

    /// The answer to `preview`: the position of `l` after `parsed`, as text and picture, with
    /// the outcome if the action ends the game.
    fn preview_answer(&self, reader: &Reader, l: &Loaded, parsed: AnyAction) -> Done {
        let id = l.game.id;
        let mut after = l.position.clone();
        after.play_unchecked(parsed);
        let notation = l.position.notation(parsed);
        let language = reader.language;
        let board = agora_render::ascii(&after, Some(parsed), language);
        let png = agora_render::png(
            &after,
            Some(parsed),
            &agora_render::PngOptions {
                language,
                ..agora_render::PngOptions::default()
            },
        );
        #[derive(Serialize)]
        struct Ctx {
            id: i64,
            ply: u32,
            action: String,
            board: String,
            mover: String,
            outcome: Option<String>,
        }
        let mover = l.to_act();
        let outcome = after.outcome().map(|o| {
            l.result_text_in(
                &agora_store::Ending {
                    winner: o.winner,
                    reason: o.reason.into(),
                },
                language,
            )
        });
        let text = self.templates.render(
            "preview.txt",
            reader,
            Ctx {
                id,
                ply: l.game.ply,
                action: notation.clone(),
                board,
                mover: l.seat_view(mover).name,
                outcome,
            },
        );
        let attachments = match png {
            Ok(bytes) => vec![Attachment {
                name: format!("preview-{id}-{}.png", l.game.ply + 1),
                content_type: "image/png",
                bytes,
                description: Some(agora_render::describe_position(
                    &after,
                    Some(parsed),
                    language,
                )),
            }],
            Err(e) => {
                tracing::warn!(game = id, error = %e, "preview picture failed");
                Vec::new()
            }
        };
        Done {
            loaded: None,
            text,
            game: Some(id),
            attachments,
        }
    }
}

/// Whether `player` may see `game`: a game they play in, any game that is not private, and an
/// open challenge still waiting for someone to take it.
pub(crate) fn visible_to(game: &Game, player: i64) -> bool {
    game.seat_of(player).is_some()
        || !game.options.private
        || (game.options.open && game.status == GameStatus::Proposed)
}
