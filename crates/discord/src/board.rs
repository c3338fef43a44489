//! What a game message looks like on Discord: the service's text (written for Discord, so without
//! the ASCII board), an embed with the board as a PNG (or, with pictures off, the ASCII board as a
//! code block), whose turn it is, the deadline and the last action, and the buttons that fit the
//! game: Accept/Decline for a challenge, the ASCII board for a game that has started. Buttons
//! carry the game and its version (or ply), so a click on an old message can be recognised as
//! such.

use crate::Bot;
use agora_rules::Seat;
use agora_service::Language;
use agora_service::queries::GameState;
use agora_service::{Channel, GameStatus};
use poise::serenity_prelude as serenity;
use serde_json::json;

/// A message ready to post or to answer with.
pub(crate) struct Post {
    pub content: String,
    /// The one user the message pings, if any: every way a post is sent allows that mention and
    /// no other, so a text that reaches Discord (a name, an echoed command) can ping nobody.
    pub mention: Option<serenity::UserId>,
    pub embed: Option<serenity::CreateEmbed>,
    pub file: Option<serenity::CreateAttachment>,
    /// Files beyond the first (an analysis's record beside its graph), on a new message only.
    pub more: Vec<serenity::CreateAttachment>,
    pub components: Vec<serenity::CreateActionRow>,
}

/// Cuts a text to Discord's limits on a character boundary.
pub(crate) fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut s: String = text.chars().take(max.saturating_sub(1)).collect();
    s.push('…');
    s
}

/// How a seat is named in a game message: a mention for a Discord player, else the name.
pub(crate) fn seat_label(state: &GameState, seat: Seat) -> String {
    let colour = state.position.kind().seat_name(seat);
    match state.identity_on(seat, Channel::Discord) {
        Some(identity) => format!("<@{}> ({colour})", identity.id),
        None => format!("{} ({colour})", state.names[seat.index()]),
    }
}

/// The button that shows the ASCII board of the position a message showed (`ascii:<game>:<ply>`).
pub(crate) fn ascii_button(
    bot: &Bot,
    language: Language,
    custom_id: &str,
) -> serenity::CreateButton {
    serenity::CreateButton::new(custom_id)
        .label(bot.label(language, "ascii", json!({})))
        .style(serenity::ButtonStyle::Secondary)
}

/// The buttons of a game message: Accept/Decline on a challenge shown to the challenged player;
/// on a game that has started the ASCII board, and besides it Accept/Decline on the message of a
/// standing draw offer or takeback request, and Move and Resign on the status message while the
/// game runs.
pub(crate) fn buttons(
    bot: &Bot,
    language: Language,
    state: &GameState,
    shown: &Shown,
) -> Vec<serenity::CreateActionRow> {
    let (game, version) = (state.id, state.version);
    match state.status {
        GameStatus::Proposed if !shown.challenge => Vec::new(),
        GameStatus::Proposed => vec![serenity::CreateActionRow::Buttons(vec![
            serenity::CreateButton::new(format!("accept:{game}:{version}"))
                .label(bot.label(language, "accept", json!({})))
                .style(serenity::ButtonStyle::Success),
            serenity::CreateButton::new(format!("decline:{game}:{version}"))
                .label(bot.label(language, "decline", json!({})))
                .style(serenity::ButtonStyle::Danger),
        ])],
        GameStatus::Active | GameStatus::Finished => {
            let mut row = vec![ascii_button(
                bot,
                language,
                &format!("ascii:{game}:{}", state.ply),
            )];
            let running = state.status == GameStatus::Active && state.ply == state.current_ply;
            let answer = |kind: &str, accept: String, decline: String| {
                [
                    serenity::CreateButton::new(format!("{kind}-accept:{game}:{version}"))
                        .label(accept)
                        .style(serenity::ButtonStyle::Success),
                    serenity::CreateButton::new(format!("{kind}-decline:{game}:{version}"))
                        .label(decline)
                        .style(serenity::ButtonStyle::Danger),
                ]
            };
            if running && shown.offer {
                if state.draw_offer.is_some() {
                    row.extend(answer(
                        "draw",
                        bot.label(language, "accept_draw", json!({})),
                        bot.label(language, "decline_draw", json!({})),
                    ));
                } else if state.undo_request.is_some() {
                    row.extend(answer(
                        "undo",
                        bot.label(language, "grant_takeback", json!({})),
                        bot.label(language, "refuse_takeback", json!({})),
                    ));
                }
            }
            if running && shown.controls {
                row.push(
                    serenity::CreateButton::new(format!("move:{game}:{}", state.current_ply))
                        .label(bot.label(language, "move", json!({})))
                        .style(serenity::ButtonStyle::Primary),
                );
                row.push(
                    serenity::CreateButton::new(format!("resign:{game}:{version}"))
                        .label(bot.label(language, "resign", json!({})))
                        .style(serenity::ButtonStyle::Danger),
                );
            }
            vec![serenity::CreateActionRow::Buttons(row)]
        }
        GameStatus::Declined | GameStatus::Cancelled => Vec::new(),
    }
}

/// What a game message shows besides the text.
pub(crate) struct Shown {
    /// The player to mention.
    pub mention: Option<serenity::UserId>,
    /// The message is for the challenged player: it carries Accept and Decline.
    pub challenge: bool,
    /// The position belongs with the message: as a picture, or as a code block with pictures off.
    pub board: bool,
    /// The outbox row the message posts, whose marker ends the embed's footer (see [`marker`]).
    pub row: Option<i64>,
    /// The message tells of a draw offer or takeback request: it carries Accept and Decline.
    pub offer: bool,
    /// The message carries Move and Resign: the game's status message, and the answer to `next`
    /// (the game that waits for its reader).
    pub controls: bool,
}

/// The marker of outbox row `row` in the bot's post: the last part of the embed's footer, after
/// `·`. A short code in the small grey footer line, which nobody needs to read and which disturbs
/// nobody, unlike a word in the text; and unlike a nonce (which Discord keeps for minutes and
/// never returns when messages are listed) it stays on the message for ever, so a post made
/// before a crash is found in the channel however late the restart.
pub(crate) fn marker(row: i64) -> String {
    format!("n{row}")
}

/// The outbox row whose marker ends a footer, if any.
pub(crate) fn row_of_footer(footer: &str) -> Option<i64> {
    let last = footer.rsplit(" · ").next()?.trim();
    last.strip_prefix('n')?.parse().ok()
}

/// A footer ending with the marker of `row`, if there is one.
fn with_marker(footer: String, row: Option<i64>) -> String {
    match row {
        Some(row) if footer.is_empty() => marker(row),
        Some(row) => format!("{footer} · {}", marker(row)),
        None => footer,
    }
}

/// A game message: `text` from the service (written for Discord: the board is not in it), the
/// embed with the board and the buttons, in `language` (the reader's, or the public one).
pub(crate) fn game_post(
    bot: &Bot,
    language: Language,
    state: &GameState,
    text: &str,
    shown: Shown,
) -> Post {
    let png = (shown.board && bot.settings.png)
        .then(|| {
            bot.service
                .picture_in(state, bot.settings.png_size, language)
                .map_err(|e| tracing::warn!(game = state.id, error = %e, "board picture failed"))
                .ok()
        })
        .flatten();
    let mut body = text.trim().to_owned();
    if shown.board && png.is_none() {
        body = format!("{body}\n```\n{}\n```", state.ascii_in(language).trim_end());
    }
    let mut embed = serenity::CreateEmbed::new()
        .title(clip(
            &bot.label(
                language,
                "title",
                json!({"game": state.id, "title": state.title_in(language)}),
            ),
            256,
        ))
        .footer(serenity::CreateEmbedFooter::new(with_marker(
            bot.label(
                language,
                "footer",
                json!({"first": state.names[0], "second": state.names[1], "ply": state.ply}),
            ),
            shown.row,
        )));
    // The title links to the game's page on the website, at the position shown.
    if let Some(url) = bot.service.page_url(state) {
        embed = embed.url(format!("{url}?ply={}", state.ply));
    }
    if !body.is_empty() {
        embed = embed.description(clip(&body, 4000));
    }
    embed = with_fields(bot, embed, state, language);
    let file = png.map(|bytes| {
        let name = format!("board-{}-{}.png", state.id, state.ply);
        embed = embed.clone().image(format!("attachment://{name}"));
        serenity::CreateAttachment::bytes(bytes.to_vec(), name)
            .description(clip(&state.description_in(language), 1024))
    });
    let content = match shown.mention {
        Some(user) => format!("<@{user}>"),
        None => String::new(),
    };
    Post {
        content,
        mention: shown.mention,
        embed: Some(embed),
        file,
        more: Vec::new(),
        components: buttons(bot, language, state, &shown),
    }
}

/// A game message's embed with its fields: whose turn it is, the deadline, the last action and
/// the result, each where the game has one.
fn with_fields(
    bot: &Bot,
    mut embed: serenity::CreateEmbed,
    state: &GameState,
    language: Language,
) -> serenity::CreateEmbed {
    if let Some(seat) = state.to_act.filter(|_| state.ply == state.current_ply) {
        embed = embed.field(
            bot.label(language, "to_act", json!({})),
            seat_label(state, seat),
            true,
        );
    }
    if let Some(deadline) = state
        .deadline
        .filter(|_| state.status == GameStatus::Active)
    {
        let t = deadline.timestamp();
        embed = embed.field(
            bot.label(language, "deadline", json!({})),
            format!("<t:{t}:f> (<t:{t}:R>)"),
            true,
        );
    }
    if let Some(last) = &state.last {
        embed = embed.field(
            bot.label(language, "last_action", json!({})),
            bot.label(language, "last", json!({"value": last, "ply": state.ply})),
            true,
        );
    }
    if let Some(result) = state.result_in(language) {
        embed = embed.field(
            bot.label(language, "result", json!({})),
            clip(result, 1000),
            false,
        );
    }
    embed
}

/// The status message of a game's thread: the board, whose turn it is, the deadline (as a
/// Discord timestamp, which every reader sees in their own zone), the clocks and the result; the
/// first message of the thread, pinned, and edited in place after every action. Everyone in the
/// thread reads it: it is in the public language.
pub(crate) fn status_post(bot: &Bot, state: &GameState) -> Post {
    let language = bot.public_language();
    let shown = Shown {
        mention: None,
        challenge: false,
        board: true,
        row: None,
        offer: false,
        controls: true,
    };
    let mut post = game_post(bot, language, state, "", shown);
    post.embed = post.embed.map(|e| {
        let clock = state.clock_in(language);
        e.field(
            bot.label(language, "clock", json!({})),
            clip(clock, 1000),
            false,
        )
    });
    post
}

/// A notification without a game, from outbox row `row`: the text in an embed whose footer
/// carries the row's marker, the mention (if any) outside it, where it pings.
pub(crate) fn notice_post(text: &str, mention: Option<serenity::UserId>, row: i64) -> Post {
    let embed = serenity::CreateEmbed::new()
        .description(clip(text.trim(), 4000))
        .footer(serenity::CreateEmbedFooter::new(marker(row)));
    Post {
        content: mention.map(|u| format!("<@{u}>")).unwrap_or_default(),
        mention,
        embed: Some(embed),
        file: None,
        more: Vec::new(),
        components: Vec::new(),
    }
}

/// A message without a game: the text alone.
pub(crate) fn text_post(text: &str, mention: Option<serenity::UserId>) -> Post {
    let text = clip(text.trim(), 1900);
    Post {
        content: match mention {
            Some(user) => format!("<@{user}>\n{text}"),
            None => text,
        },
        mention,
        embed: None,
        file: None,
        more: Vec::new(),
        components: Vec::new(),
    }
}

/// The mentions a message the bot sends may ping: `user` alone, or nobody. Never `@everyone`,
/// `@here` or a role, whatever the text holds, and no ping of the author of a message replied to.
pub(crate) fn allowed_mentions(user: Option<serenity::UserId>) -> serenity::CreateAllowedMentions {
    let allowed = serenity::CreateAllowedMentions::new()
        .everyone(false)
        .all_users(false)
        .all_roles(false)
        .replied_user(false);
    match user {
        Some(user) => allowed.users([user]),
        None => allowed,
    }
}

/// A text answer with the files that go with it (a record, a preview's picture, an analysis's
/// graph and record): the first, if a picture, is shown in the message's embed; every file is
/// attached as it is.
pub(crate) fn file_post(text: &str, files: &[agora_service::Attachment]) -> Post {
    let mut post = text_post(text, None);
    if let Some(file) = files.first()
        && file.content_type.starts_with("image/")
    {
        post.embed =
            Some(serenity::CreateEmbed::new().image(format!("attachment://{}", file.name)));
    }
    let mut attachments = files.iter().map(|file| {
        let attachment = serenity::CreateAttachment::bytes(file.bytes.clone(), file.name.clone());
        match &file.description {
            Some(text) => attachment.description(clip(text, 1024)),
            None => attachment,
        }
    });
    post.file = attachments.next();
    post.more = attachments.collect();
    post
}

impl Post {
    pub(crate) fn reply(self, ephemeral: bool) -> poise::CreateReply {
        let mut reply = poise::CreateReply::default()
            .content(self.content)
            .allowed_mentions(allowed_mentions(self.mention))
            .components(self.components)
            .ephemeral(ephemeral);
        if let Some(embed) = self.embed {
            reply = reply.embed(embed);
        }
        for file in self.file.into_iter().chain(self.more) {
            reply = reply.attachment(file);
        }
        reply
    }

    pub(crate) fn message(self) -> serenity::CreateMessage {
        let mut message = serenity::CreateMessage::new()
            .content(self.content)
            .components(self.components)
            .allowed_mentions(allowed_mentions(self.mention));
        if let Some(embed) = self.embed {
            message = message.embed(embed);
        }
        for file in self.file.into_iter().chain(self.more) {
            message = message.add_file(file);
        }
        message
    }

    /// The message's new content, replacing what an earlier version of it showed (its picture
    /// too).
    pub(crate) fn edit(self) -> serenity::EditMessage {
        let mut edit = serenity::EditMessage::new()
            .content(self.content)
            .allowed_mentions(allowed_mentions(self.mention))
            .components(self.components)
            .embeds(self.embed.into_iter().collect());
        edit = match self.file {
            Some(file) => edit.new_attachment(file),
            None => edit.remove_all_attachments(),
        };
        edit
    }

    pub(crate) fn followup(self) -> serenity::CreateInteractionResponseFollowup {
        let mut message = serenity::CreateInteractionResponseFollowup::new()
            .content(self.content)
            .allowed_mentions(allowed_mentions(self.mention))
            .components(self.components);
        if let Some(embed) = self.embed {
            message = message.embed(embed);
        }
        for file in self.file.into_iter().chain(self.more) {
            message = message.add_file(file);
        }
        message
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_footer_gives_back_the_row_of_its_marker() {
        let footer = with_marker("Ann vs Bob, ply 3".into(), Some(42));
        assert_eq!(footer, "Ann vs Bob, ply 3 · n42");
        assert_eq!(row_of_footer(&footer), Some(42));
        assert_eq!(row_of_footer(&with_marker(String::new(), Some(7))), Some(7));
        assert_eq!(row_of_footer("Ann vs Bob, ply 3"), None);
        assert_eq!(row_of_footer("n vs m · nx"), None);
    }
}
