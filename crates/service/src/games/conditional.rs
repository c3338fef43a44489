//! Conditional moves: `conditional #12 e5 d4 f6 c3` keeps a line for the sender while their
//! opponent is to act ("if they play e5, I play d4; then if f6, c3"). Each line is checked legal
//! from the position when it is entered, and several lines form a tree: they may part where the
//! opponent acts, never where the sender does (one answer to each of the opponent's actions).
//!
//! When the opponent plays the first action of a line, the sender's answer is played at once, in
//! the same transaction and through the same path as any move ([`Service::apply`]'s: the clock,
//! the ply guard, the notifications), and the rest of the line stays; any other action removes
//! the sender's lines. A line is kept for the ply it starts at, so a line of a position that is
//! gone (a takeback, an ending) never applies; an ending and a takeback remove them.
//!
//! Nobody but their writer ever reads the lines: only this file asks the store for them, for
//! the player asking or for the move that plays them, and a move played from a line is a move
//! like any other.

use super::Extra;
use crate::views::Loaded;
use crate::{Done, Fail, Language, Reader, Service, user};
use agora_rules::{AnyAction, AnyPosition, Seat};
use agora_store::{ConditionalLine, GameStatus, Player, Tx};
use chrono::{DateTime, Utc};
use serde::Serialize;

/// The most actions one line holds (both sides'), and the most lines a player keeps in a game.
pub(crate) const MAX_LINE_ACTIONS: usize = 20;
pub(crate) const MAX_LINES: usize = 20;

/// What `conditional` was asked to do, read from its words.
enum Asked {
    List,
    /// Remove the lines that begin with these actions (all of them when none are given).
    Cancel(Vec<String>),
    Add(Vec<String>),
}

impl Asked {
    fn read(words: &[String]) -> Asked {
        match words.split_first() {
            None => Asked::List,
            Some((first, rest)) if matches!(word(first).as_str(), "cancel" | "clear") => {
                Asked::Cancel(rest.to_vec())
            }
            Some(_) => Asked::Add(words.to_vec()),
        }
    }
}

/// A word of the command in English (`wis`, `rensa` = `clear`; `pas` = `pass`).
fn word(w: &str) -> String {
    crate::commands::english_word(w)
}

/// A line checked from `position`: each action's notation and the seat that plays it.
struct Checked {
    notations: Vec<String>,
    seats: Vec<Seat>,
}

/// Reads `words` as actions played one after another from `position`: each must be legal where
/// it comes, and nothing follows the end of the game. A refusal's words of the game are in
/// `lang`.
fn check_line(lang: Language, position: &AnyPosition, words: &[String]) -> Result<Checked, Fail> {
    if words.len() > MAX_LINE_ACTIONS {
        return user(agora_i18n::text!(
            "conditional-too-long",
            most = MAX_LINE_ACTIONS,
            length = words.len()
        ));
    }
    let mut position = position.clone();
    let mut line = Checked {
        notations: Vec::new(),
        seats: Vec::new(),
    };
    for (i, w) in words.iter().enumerate() {
        let text = if word(w) == "pass" { "pass" } else { w };
        if position.is_finished() {
            return user(agora_i18n::text!(
                "conditional-after-end",
                index = i,
                action = words[i - 1].as_str()
            ));
        }
        let action = match position.parse_action(text) {
            Ok(a) => a,
            Err(e) => {
                let problem = crate::rule_errors::action_problem(lang, &position, text, &e);
                return user(agora_i18n::text!(
                    "conditional-illegal",
                    index = i + 1,
                    action = w.as_str(),
                    problem = problem.in_lang(lang)
                ));
            }
        };
        line.notations.push(position.notation(action));
        line.seats.push(position.to_act());
        position.play_unchecked(action);
    }
    Ok(line)
}

/// Where `new` meets the line `old` (both from the same position, `seats` being who plays each
/// of `new`'s actions): `Ok` when they can stand together, else the action of `me` on which they
/// disagree (with `old`'s answer there).
fn fits(new: &[String], seats: &[Seat], old: &[String], me: Seat) -> Result<(), (usize, String)> {
    let shared = new.iter().zip(old).take_while(|(a, b)| a == b).count();
    if shared == new.len() || shared == old.len() {
        return Ok(());
    }
    if seats[shared] == me {
        return Err((shared, old[shared].clone()));
    }
    Ok(())
}

impl Service {
    /// `conditional [#game] [actions… | cancel [actions…]]`.
    pub(crate) async fn conditional(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        me: &Player,
        game: Option<i64>,
        words: &[String],
        now: DateTime<Utc>,
    ) -> Result<Done, Fail> {
        let game = self
            .pick(
                tx,
                me,
                game,
                "conditional",
                agora_i18n::text!("conditional-no-game"),
                |g| {
                    g.status == GameStatus::Active
                        && g.player_at(crate::clock::seat_to_act(g)) != me.id
                },
            )
            .await?;
        let id = game.id;
        if game.status != GameStatus::Active {
            return user(agora_i18n::text!("conditional-not-running", game = id));
        }
        let l = self.load(tx, game, Some(now)).await?;
        let seat = l
            .game
            .seat_of(me.id)
            .expect("picked games are the player's");
        let ply = l.game.ply;
        // Lines of an earlier position no longer apply.
        let mut lines: Vec<ConditionalLine> = tx
            .conditional_lines(id, me.id)
            .await?
            .into_iter()
            .filter(|line| line.ply == ply)
            .collect();
        let asked = Asked::read(words);
        let (what, count) = match asked {
            Asked::List => ("list", lines.len()),
            Asked::Cancel(prefix) => {
                let prefix = check_line(reader.language, &l.position, &prefix)?.notations;
                let before = lines.len();
                lines.retain(|line| !line.actions.starts_with(&prefix));
                tx.set_conditional_lines(id, me.id, &lines, now).await?;
                ("cleared", before - lines.len())
            }
            Asked::Add(words) => {
                self.add_line(tx, reader, &l, seat, &mut lines, &words, now)
                    .await?
            }
        };
        #[derive(Serialize)]
        struct Ctx {
            what: &'static str,
            id: i64,
            count: usize,
            lines: Vec<String>,
        }
        let lines = match what {
            "list" | "added" | "known" => lines.iter().map(|l| l.actions.join(" → ")).collect(),
            _ => Vec::new(),
        };
        Ok(Done {
            loaded: None,
            attachments: Vec::new(),
            text: self.templates.render(
                "conditional.txt",
                reader,
                Ctx {
                    what,
                    id,
                    count,
                    lines,
                },
            ),
            game: Some(id),
        })
    }

    /// `conditional <actions>`: adds the line of `seat` (not to act) to its `lines` for the
    /// position of `l`, unless it is known or conflicts with one of them; says which.
    #[allow(clippy::too_many_arguments)]
    async fn add_line(
        &self,
        tx: &mut Tx,
        reader: &Reader,
        l: &Loaded,
        seat: Seat,
        lines: &mut Vec<ConditionalLine>,
        words: &[String],
        now: DateTime<Utc>,
    ) -> Result<(&'static str, usize), Fail> {
        let (id, ply, me) = (l.game.id, l.game.ply, l.game.player_at(seat));
        if l.to_act() == seat {
            return user(agora_i18n::text!("conditional-your-turn", game = id));
        }
        let line = check_line(reader.language, &l.position, words)?;
        if line.seats.last() != Some(&seat) {
            return user(agora_i18n::text!(
                "conditional-ends-theirs",
                action = line.notations.last().map_or("", String::as_str)
            ));
        }
        if lines
            .iter()
            .any(|old| old.actions.starts_with(&line.notations))
        {
            return Ok(("known", lines.len()));
        }
        for old in lines.iter() {
            if let Err((at, answer)) = fits(&line.notations, &line.seats, &old.actions, seat) {
                return user(agora_i18n::text!(
                    "conditional-conflict",
                    game = id,
                    after = line.notations[..at].join(" "),
                    answer = answer,
                    action = line.notations[at].as_str()
                ));
            }
        }
        // A line this one carries further is replaced by it.
        lines.retain(|old| !line.notations.starts_with(&old.actions));
        if lines.len() >= MAX_LINES {
            return user(agora_i18n::text!(
                "conditional-too-many",
                game = id,
                most = MAX_LINES
            ));
        }
        lines.push(ConditionalLine {
            ply,
            actions: line.notations,
        });
        tx.set_conditional_lines(id, me, lines, now).await?;
        Ok(("added", lines.len()))
    }

    /// After `seat` played `notation` (the action that made `l` what it is), the answer the other
    /// player's lines give to it: the actions to play for them now, in order, with the lines
    /// that stay kept for the position after them. Any other action removes their lines.
    pub(super) async fn conditional_answers(
        &self,
        tx: &mut Tx,
        l: &Loaded,
        seat: Seat,
        notation: &str,
        now: DateTime<Utc>,
    ) -> Result<Vec<AnyAction>, Fail> {
        let holder = seat.other();
        let player = l.game.player_at(holder);
        let id = l.game.id;
        let lines = tx.conditional_lines(id, player).await?;
        if lines.is_empty() {
            return Ok(Vec::new());
        }
        let before = l.game.ply - 1;
        let mut following: Vec<Vec<String>> = lines
            .into_iter()
            .filter(|line| {
                line.ply == before && line.actions.first().map(String::as_str) == Some(notation)
            })
            .map(|line| line.actions[1..].to_vec())
            .collect();
        let mut position = l.position.clone();
        let mut answers = Vec::new();
        while !position.is_finished() && position.to_act() == holder {
            let Some(next) = following.iter().find_map(|line| line.first().cloned()) else {
                break;
            };
            let Ok(action) = position.parse_action(&next) else {
                // Checked when entered from this very position: never, unless the rules changed.
                following.clear();
                break;
            };
            following.retain(|line| line.first() == Some(&next));
            for line in &mut following {
                line.remove(0);
            }
            answers.push(action);
            position.play_unchecked(action);
        }
        let ply = before + 1 + answers.len() as u32;
        let kept: Vec<ConditionalLine> = following
            .into_iter()
            .filter(|line| !line.is_empty() && !position.is_finished())
            .map(|actions| ConditionalLine { ply, actions })
            .collect();
        tx.set_conditional_lines(id, player, &kept, now).await?;
        Ok(answers)
    }

    /// What the player whose line answered `replied_to` is told of their answer `action`.
    pub(super) fn conditional_extra<'a>(
        l: &Loaded,
        seat: Seat,
        action: &'a str,
        replied_to: Option<&'a str>,
        language: crate::Language,
    ) -> Extra<'a> {
        Extra {
            mover: Some(l.seat_view_in(seat, language)),
            opponent: Some(l.seat_view_in(seat.other(), language)),
            action: Some(action),
            replied_to,
            you_acted: true,
            conditional: true,
            ..Extra::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| (*w).to_owned()).collect()
    }

    #[test]
    fn lines_part_where_the_opponent_acts_and_never_where_the_player_does() {
        let me = Seat::Second;
        let seats = [Seat::First, Seat::Second, Seat::First, Seat::Second];
        let old = s(&["a", "b", "c", "d"]);
        // Another action of theirs at the start, or after the same answer: a branch.
        assert!(fits(&s(&["x", "y"]), &seats, &old, me).is_ok());
        assert!(fits(&s(&["a", "b", "x", "y"]), &seats, &old, me).is_ok());
        // The same line carried further, or a part of it: no conflict.
        assert!(fits(&s(&["a", "b"]), &seats, &old, me).is_ok());
        // Another answer to the same action: refused, naming where and the answer kept.
        assert_eq!(
            fits(&s(&["a", "z"]), &seats, &old, me),
            Err((1, "b".to_owned()))
        );
        assert_eq!(
            fits(&s(&["a", "b", "c", "z"]), &seats, &old, me),
            Err((3, "d".to_owned()))
        );
    }

    #[test]
    fn the_words_say_what_is_asked() {
        assert!(matches!(Asked::read(&[]), Asked::List));
        assert!(matches!(Asked::read(&s(&["wis"])), Asked::Cancel(p) if p.is_empty()));
        assert!(matches!(Asked::read(&s(&["cancel", "e5"])), Asked::Cancel(p) if p == ["e5"]));
        assert!(matches!(Asked::read(&s(&["e5", "d4"])), Asked::Add(a) if a.len() == 2));
    }
}
