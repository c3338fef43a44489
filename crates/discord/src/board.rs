//! What a game message looks like on Discord: the service's text (without the ASCII board, which
//! the picture replaces), an embed with the board as a PNG, whose turn it is, the deadline and the
//! last action, and the buttons that fit the game: Accept/Decline for a challenge, the ASCII board
//! for a game that has started. Buttons carry the game and its version (or ply), so a click on an
//! old message can be recognised as such.

use crate::Bot;
use agora_rules::Seat;
use agora_service::queries::GameState;
use agora_store::GameStatus;
use poise::serenity_prelude as serenity;

/// A message ready to post or to answer with.
pub(crate) struct Post {
    pub content: String,
    pub embed: Option<serenity::CreateEmbed>,
    pub file: Option<serenity::CreateAttachment>,
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

/// The text with the ASCII board of `state` shown as a code block (`keep`) or left out.
pub(crate) fn with_board(text: &str, state: Option<&GameState>, keep: bool) -> String {
    let mut text = text.trim().to_owned();
    if let Some(state) = state {
        let full = state.ascii();
        let full = full.trim_end();
        // The service may word the board's first line (the status) its own way: then the board
        // is found by the rest.
        let ascii = if text.contains(full) {
            full
        } else {
            full.split_once('\n').map_or(full, |(_, rest)| rest)
        };
        if !ascii.is_empty() && text.contains(ascii) {
            let shown = if keep {
                format!("```\n{ascii}\n```")
            } else {
                String::new()
            };
            text = text.replacen(ascii, &shown, 1);
        }
    }
    // Leaving the board out leaves blank lines behind.
    let mut out = String::new();
    for line in text.lines() {
        if line.trim().is_empty() && (out.is_empty() || out.ends_with("\n\n")) {
            continue;
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.trim_end().to_owned()
}

/// How a seat is named in a game message: a mention for a Discord player, else the name.
pub(crate) fn seat_label(state: &GameState, seat: Seat) -> String {
    let colour = state.position.kind().seat_name(seat);
    match state.identity_on(seat, "discord") {
        Some(id) => format!("<@{}> ({colour})", id.trim_start_matches("discord:")),
        None => format!("{} ({colour})", state.names[seat.index()]),
    }
}

/// The buttons of a game message: Accept/Decline on a challenge shown to the challenged player,
/// the ASCII board on a game that has started.
pub(crate) fn buttons(state: &GameState, challenge: bool) -> Vec<serenity::CreateActionRow> {
    match state.status {
        GameStatus::Proposed if !challenge => Vec::new(),
        GameStatus::Proposed => vec![serenity::CreateActionRow::Buttons(vec![
            serenity::CreateButton::new(format!("accept:{}:{}", state.id, state.version))
                .label("Accept")
                .style(serenity::ButtonStyle::Success),
            serenity::CreateButton::new(format!("decline:{}:{}", state.id, state.version))
                .label("Decline")
                .style(serenity::ButtonStyle::Danger),
        ])],
        GameStatus::Active | GameStatus::Finished => {
            vec![serenity::CreateActionRow::Buttons(vec![
                serenity::CreateButton::new(format!("ascii:{}:{}", state.id, state.ply))
                    .label("ASCII board")
                    .style(serenity::ButtonStyle::Secondary),
            ])]
        }
        GameStatus::Declined | GameStatus::Cancelled => Vec::new(),
    }
}

/// A game message: `text` from the service (its ASCII board left out when the picture is
/// attached), the embed and the buttons (`challenge`: the message is for the challenged player).
pub(crate) fn game_post(
    bot: &Bot,
    state: &GameState,
    text: &str,
    mention: Option<&str>,
    challenge: bool,
) -> Post {
    let started = state.status != GameStatus::Proposed;
    let png = (bot.settings.png && started)
        .then(|| {
            // The final position of a finished Agros game shows its fields tinted by their
            // controllers (AR-14), as in the final report by mail.
            let options = agora_render::PngOptions {
                size: bot.settings.png_size,
                field_overlay: state.status == GameStatus::Finished
                    && state.ply == state.current_ply,
                ..agora_render::PngOptions::default()
            };
            agora_render::png(&state.position, state.last_action, &options)
                .map_err(|e| tracing::warn!(game = state.id, error = %e, "board picture failed"))
                .ok()
        })
        .flatten();
    let body = with_board(text, Some(state), png.is_none());
    let mut embed = serenity::CreateEmbed::new()
        .title(clip(&format!("Game #{}: {}", state.id, state.title), 256))
        .description(clip(&body, 4000))
        .footer(serenity::CreateEmbedFooter::new(format!(
            "{} vs {}, ply {}",
            state.names[0], state.names[1], state.ply
        )));
    if let Some(seat) = state.to_act.filter(|_| state.ply == state.current_ply) {
        embed = embed.field("To act", seat_label(state, seat), true);
    }
    if let Some(deadline) = state
        .deadline
        .filter(|_| state.status == GameStatus::Active)
    {
        let t = deadline.timestamp();
        embed = embed.field("Deadline", format!("<t:{t}:f> (<t:{t}:R>)"), true);
    }
    if let Some(last) = &state.last {
        embed = embed.field("Last action", format!("{last} (ply {})", state.ply), true);
    }
    if let Some(result) = &state.result {
        embed = embed.field("Result", clip(result, 1000), false);
    }
    let file = png.map(|bytes| {
        let name = format!("board-{}-{}.png", state.id, state.ply);
        embed = embed.clone().image(format!("attachment://{name}"));
        serenity::CreateAttachment::bytes(bytes, name)
    });
    let content = match mention {
        Some(user) => format!("<@{user}>"),
        None => String::new(),
    };
    Post {
        content,
        embed: Some(embed),
        file,
        components: buttons(state, challenge),
    }
}

/// A message without a game: the text alone (an ASCII board in it, if any, as a code block).
pub(crate) fn text_post(text: &str, mention: Option<&str>) -> Post {
    let text = clip(text.trim(), 1900);
    Post {
        content: match mention {
            Some(user) => format!("<@{user}>\n{text}"),
            None => text,
        },
        embed: None,
        file: None,
        components: Vec::new(),
    }
}

impl Post {
    pub(crate) fn reply(self, ephemeral: bool) -> poise::CreateReply {
        let mut reply = poise::CreateReply::default()
            .content(self.content)
            .components(self.components)
            .ephemeral(ephemeral);
        if let Some(embed) = self.embed {
            reply = reply.embed(embed);
        }
        if let Some(file) = self.file {
            reply = reply.attachment(file);
        }
        reply
    }

    pub(crate) fn message(self) -> serenity::CreateMessage {
        let mut message = serenity::CreateMessage::new()
            .content(self.content)
            .components(self.components)
            .allowed_mentions(serenity::CreateAllowedMentions::new().all_users(true));
        if let Some(embed) = self.embed {
            message = message.embed(embed);
        }
        if let Some(file) = self.file {
            message = message.add_file(file);
        }
        message
    }

    pub(crate) fn followup(self) -> serenity::CreateInteractionResponseFollowup {
        let mut message = serenity::CreateInteractionResponseFollowup::new()
            .content(self.content)
            .components(self.components);
        if let Some(embed) = self.embed {
            message = message.embed(embed);
        }
        if let Some(file) = self.file {
            message = message.add_file(file);
        }
        message
    }
}
