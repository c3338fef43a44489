//! What a request asks, read from its headers, path and query: the reader's language, the
//! language a path names, and a game's number and ply (or the message saying which is wrong).

use agora_service::Language;
use axum::extract::Query;
use serde::Deserialize;

/// The first language of an `Accept-Language` value Agora speaks, by the weights given.
pub(crate) fn accepted_language(value: &str) -> Option<Language> {
    let mut ranked: Vec<(f32, usize, Language)> = value
        .split(',')
        .enumerate()
        .filter_map(|(i, part)| {
            let mut pieces = part.split(';');
            let tag = pieces.next()?.trim();
            let q = pieces
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            let lang = Language::from_locale(tag)?;
            (q > 0.0).then_some((q, i, lang))
        })
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    ranked.first().map(|&(_, _, lang)| lang)
}

/// `?ply=N` of a game's page, its board and its JSON twin; anything else in the query is ignored.
#[derive(Deserialize)]
pub(crate) struct PlyQuery {
    ply: Option<String>,
}

/// A request's game number and ply, or the 400 page saying which is wrong.
pub(crate) enum Asked {
    Game { id: i64, ply: Option<u32> },
    Bad(String),
}

pub(crate) fn asked(lang: Language, id: &str, query: Option<PlyQuery>) -> Asked {
    let Some(id) = id.parse::<i64>().ok().filter(|&n| n > 0) else {
        return Asked::Bad(agora_i18n::tr(
            lang,
            "web-bad-game",
            &[("value", id.into())],
        ));
    };
    let ply = match query.and_then(|q| q.ply) {
        None => None,
        Some(p) => match p.parse::<u32>() {
            Ok(n) => Some(n),
            Err(_) => {
                return Asked::Bad(agora_i18n::tr(
                    lang,
                    "web-bad-parameter",
                    &[("value", p.into()), ("name", "ply".into())],
                ));
            }
        },
    };
    Asked::Game { id, ply }
}

/// A query string that does not parse as the page's parameters.
pub(crate) fn query_of(raw: Option<String>) -> Result<Option<PlyQuery>, String> {
    match raw {
        None => Ok(None),
        Some(raw) => {
            Query::<PlyQuery>::try_from_uri(&format!("/?{raw}").parse().map_err(|_| raw.clone())?)
                .map(|q| Some(q.0))
                .map_err(|_| raw)
        }
    }
}

/// The language a path names (`/nl/help`): one Agora speaks, by its code.
pub(crate) fn path_language(code: &str) -> Option<Language> {
    Language::ALL.into_iter().find(|l| l.code() == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_first_spoken_by_weight() {
        assert_eq!(
            accepted_language("nl-NL,nl;q=0.9,en;q=0.8"),
            Some(Language::Nl)
        );
        assert_eq!(
            accepted_language("de-DE, sv;q=0.5, en;q=0.4"),
            Some(Language::Sv)
        );
        assert_eq!(accepted_language("en;q=0.2, nl;q=0.7"), Some(Language::Nl));
        assert_eq!(accepted_language("de, fr"), None);
        assert_eq!(accepted_language("sv;q=0, en"), Some(Language::En));
        assert_eq!(accepted_language(""), None);
    }
}
