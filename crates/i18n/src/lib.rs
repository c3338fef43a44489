//! The languages Agora speaks, and its texts' words.
//!
//! Every word a person reads is a Fluent message of `templates/*.ftl` (English),
//! `templates/nl/*.ftl` (Dutch) or `templates/sv/*.ftl` (Swedish), looked up by key with named
//! arguments: the sentences of the long texts (`texts.ftl`; the long texts themselves are
//! minijinja templates, one for every language, in the service), the short ones that code puts
//! together (an error message, a command's summary, a word on a picture). Fluent picks the plural
//! form by the language's CLDR rules, so `{ $days -> [one] … *[other] … }` reads right in each,
//! and a language words a sentence its own way with selectors where English needs none.
//!
//! A [`Catalogue`] is one language's messages; a new one can be built from Fluent sources alone
//! ([`Catalogue::from_ftl`]). Every file is embedded in the binary. A key missing in a language
//! falls back to English, and a key missing there too is shown as itself; the parity test of this
//! crate makes sure neither happens in what is shipped.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::fmt;
use std::sync::OnceLock;

/// A language Agora speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Language {
    #[default]
    En,
    Nl,
    Sv,
}

impl Language {
    /// Every language, English first.
    pub const ALL: [Language; 3] = [Language::En, Language::Nl, Language::Sv];

    /// The code a player types and the store keeps: `en`, `nl`, `sv`.
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Nl => "nl",
            Language::Sv => "sv",
        }
    }

    /// The language's folder under `templates/` (`""` for English, whose files are at the top).
    pub fn folder(self) -> &'static str {
        match self {
            Language::En => "",
            Language::Nl => "nl",
            Language::Sv => "sv",
        }
    }

    /// The language's own name for itself.
    pub fn native_name(self) -> &'static str {
        match self {
            Language::En => "English",
            Language::Nl => "Nederlands",
            Language::Sv => "svenska",
        }
    }

    /// A language as a person names it: its code or its name in any of the three languages
    /// (`nl`, `dutch`, `nederlands`, `nederländska`, `zweeds`, …), in any case.
    pub fn parse(word: &str) -> Option<Language> {
        let w = word.trim().to_lowercase();
        match w.as_str() {
            "en" | "eng" | "english" | "engels" | "engelska" => Some(Language::En),
            "nl" | "dutch" | "nederlands" | "nederländska" | "nederlandska" | "holländska"
            | "hollandska" => Some(Language::Nl),
            "sv" | "se" | "swedish" | "zweeds" | "svenska" => Some(Language::Sv),
            _ => None,
        }
    }

    /// The language of a client locale such as Discord's (`nl`, `sv-SE`, `en-US`, `en-GB`); `None`
    /// for a locale Agora does not speak.
    pub fn from_locale(locale: &str) -> Option<Language> {
        let primary = locale
            .split(['-', '_'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Language::En),
            "nl" => Some(Language::Nl),
            "sv" => Some(Language::Sv),
            _ => None,
        }
    }

    /// Discord's locale codes for this language (slash command localisations).
    pub fn discord_locale(self) -> &'static str {
        match self {
            Language::En => "en-US",
            Language::Nl => "nl",
            Language::Sv => "sv-SE",
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl std::str::FromStr for Language {
    type Err = UnknownLanguage;
    fn from_str(s: &str) -> Result<Language, UnknownLanguage> {
        Language::parse(s).ok_or_else(|| UnknownLanguage(s.to_owned()))
    }
}

/// A language code Agora does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLanguage(pub String);

impl fmt::Display for UnknownLanguage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown language `{}`", self.0)
    }
}

impl std::error::Error for UnknownLanguage {}

/// The Fluent files, by language: (language, file name, source). `messages.ftl` holds the error
/// messages, `commands.ftl` the command list's words, `views.ftl` the words of a game's view and
/// pictures, `discord.ftl` the Discord front end's own options, `web.ftl` the website's words,
/// `alt.ftl` the words of a position read aloud (the text alternative of a board picture),
/// `texts.ftl` the sentences of the long texts (`templates/*.txt`, one template for every
/// language), keyed by template: `board-…` is a sentence of `board.txt`.
pub const FILES: &[(Language, &str, &str)] = &[
    (
        Language::En,
        "messages.ftl",
        include_str!("../../../templates/messages.ftl"),
    ),
    (
        Language::En,
        "commands.ftl",
        include_str!("../../../templates/commands.ftl"),
    ),
    (
        Language::En,
        "views.ftl",
        include_str!("../../../templates/views.ftl"),
    ),
    (
        Language::En,
        "discord.ftl",
        include_str!("../../../templates/discord.ftl"),
    ),
    (
        Language::En,
        "web.ftl",
        include_str!("../../../templates/web.ftl"),
    ),
    (
        Language::En,
        "alt.ftl",
        include_str!("../../../templates/alt.ftl"),
    ),
    (
        Language::En,
        "texts.ftl",
        include_str!("../../../templates/texts.ftl"),
    ),
    (
        Language::Nl,
        "messages.ftl",
        include_str!("../../../templates/nl/messages.ftl"),
    ),
    (
        Language::Nl,
        "commands.ftl",
        include_str!("../../../templates/nl/commands.ftl"),
    ),
    (
        Language::Nl,
        "views.ftl",
        include_str!("../../../templates/nl/views.ftl"),
    ),
    (
        Language::Nl,
        "discord.ftl",
        include_str!("../../../templates/nl/discord.ftl"),
    ),
    (
        Language::Nl,
        "web.ftl",
        include_str!("../../../templates/nl/web.ftl"),
    ),
    (
        Language::Nl,
        "alt.ftl",
        include_str!("../../../templates/nl/alt.ftl"),
    ),
    (
        Language::Nl,
        "texts.ftl",
        include_str!("../../../templates/nl/texts.ftl"),
    ),
    (
        Language::Sv,
        "messages.ftl",
        include_str!("../../../templates/sv/messages.ftl"),
    ),
    (
        Language::Sv,
        "commands.ftl",
        include_str!("../../../templates/sv/commands.ftl"),
    ),
    (
        Language::Sv,
        "views.ftl",
        include_str!("../../../templates/sv/views.ftl"),
    ),
    (
        Language::Sv,
        "discord.ftl",
        include_str!("../../../templates/sv/discord.ftl"),
    ),
    (
        Language::Sv,
        "web.ftl",
        include_str!("../../../templates/sv/web.ftl"),
    ),
    (
        Language::Sv,
        "alt.ftl",
        include_str!("../../../templates/sv/alt.ftl"),
    ),
    (
        Language::Sv,
        "texts.ftl",
        include_str!("../../../templates/sv/texts.ftl"),
    ),
];

/// One argument of a message: a text or a number (numbers choose plural forms).
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Str(String),
    Num(i64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Str(s.to_owned())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Str(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Str(s.clone())
    }
}
macro_rules! num_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Num(n as i64)
            }
        }
    )*};
}
num_arg!(i64, i32, u32, u64, usize, u8, u16);

/// A text to be worded in the reader's language: a message key and its arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct Text {
    pub key: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

impl Text {
    pub fn new(key: &'static str) -> Text {
        Text {
            key,
            args: Vec::new(),
        }
    }

    /// The text with one more argument.
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Text {
        self.args.push((name, value.into()));
        self
    }

    /// The text in `lang`.
    pub fn in_lang(&self, lang: Language) -> String {
        tr(lang, self.key, &self.args)
    }
}

/// A text that is not (yet) a message of the catalogue: shown as it is, in every language.
impl From<String> for Text {
    fn from(message: String) -> Text {
        Text::new("raw").with("message", message)
    }
}

impl From<&str> for Text {
    fn from(message: &str) -> Text {
        Text::from(message.to_owned())
    }
}

/// `text!("key", name = value, …)`: a [`Text`].
#[macro_export]
macro_rules! text {
    ($key:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::Text::new($key)$(.with(stringify!($name), $value))*
    };
}

/// The messages of one language, looked up by key: a built-in language's ([`Catalogue::of`]), or
/// one built from Fluent sources alone ([`Catalogue::from_ftl`]), which is all a new language
/// needs: the templates are the same for every language. A key the catalogue lacks is worded in
/// English, and a key English lacks too is shown as itself.
pub struct Catalogue {
    code: String,
    language: Option<Language>,
    bundle: FluentBundle<FluentResource>,
}

impl fmt::Debug for Catalogue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Catalogue({})", self.code)
    }
}

/// Why Fluent sources could not be made a catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogueError(pub String);

impl fmt::Display for CatalogueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CatalogueError {}

impl Catalogue {
    /// The catalogue of a language Agora speaks, built from its files of [`FILES`] once.
    pub fn of(lang: Language) -> &'static Catalogue {
        static BUILT_IN: OnceLock<Vec<Catalogue>> = OnceLock::new();
        let all = BUILT_IN.get_or_init(|| {
            Language::ALL
                .iter()
                .map(|&lang| {
                    let sources = FILES
                        .iter()
                        .filter(|(l, _, _)| *l == lang)
                        .map(|(_, name, source)| (*name, (*source).to_owned()));
                    let mut catalogue = Catalogue::from_ftl(lang.code(), sources)
                        .unwrap_or_else(|e| panic!("{}: {e}", lang.code()));
                    catalogue.language = Some(lang);
                    catalogue
                })
                .collect()
        });
        all.iter()
            .find(|c| c.language == Some(lang))
            .expect("every language is built")
    }

    /// A catalogue of the language tagged `code` (such as `en-XA`) from Fluent sources, each given
    /// with its file name for the errors. Its plural rules are the tag's; its command words and
    /// everything code words outside the templates stay English.
    pub fn from_ftl(
        code: &str,
        sources: impl IntoIterator<Item = (impl fmt::Display, String)>,
    ) -> Result<Catalogue, CatalogueError> {
        let langid: unic_langid::LanguageIdentifier = code
            .parse()
            .map_err(|e| CatalogueError(format!("{code}: {e}")))?;
        let mut bundle = FluentBundle::new_concurrent(vec![langid]);
        // No Unicode isolation marks around placeables: the texts are plain text in mail and
        // chat, where the marks would show as stray characters or break backticks.
        bundle.set_use_isolating(false);
        for (name, source) in sources {
            let resource = FluentResource::try_new(source)
                .map_err(|(_, errors)| CatalogueError(format!("{code}/{name}: {errors:?}")))?;
            bundle
                .add_resource(resource)
                .map_err(|errors| CatalogueError(format!("{code}/{name}: {errors:?}")))?;
        }
        Ok(Catalogue {
            code: code.to_owned(),
            language: Language::ALL.into_iter().find(|l| l.code() == code),
            bundle,
        })
    }

    /// The catalogue's language tag (`en`, `nl`, `sv`, or the tag it was built with).
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The language Agora speaks that this catalogue is, if it is one: what the words code puts
    /// together (commands, a game's view) are chosen by; English for any other.
    pub fn language(&self) -> Language {
        self.language.unwrap_or_default()
    }

    /// Whether the catalogue has a message `key` of its own (not by falling back).
    pub fn has(&self, key: &str) -> bool {
        self.bundle.has_message(key)
    }

    /// The message `key` with `args`, falling back to English, and to the key itself if English
    /// lacks it too.
    pub fn tr(&self, key: &str, args: &[(&str, Arg)]) -> String {
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Str(s) => fluent_args.set(*name, FluentValue::from(s.as_str())),
                Arg::Num(n) => fluent_args.set(*name, FluentValue::from(*n)),
            }
        }
        let english = (self.language != Some(Language::En)).then(|| Catalogue::of(Language::En));
        for catalogue in std::iter::once(self).chain(english) {
            let bundle = &catalogue.bundle;
            let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else {
                continue;
            };
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
            return text.into_owned();
        }
        key.to_owned()
    }
}

/// The message `key` in `lang` with `args`, falling back to English, and to the key itself if no
/// language has it.
pub fn tr(lang: Language, key: &str, args: &[(&str, Arg)]) -> String {
    Catalogue::of(lang).tr(key, args)
}

/// Whether `lang` has a message `key` of its own (not by falling back).
pub fn has(lang: Language, key: &str) -> bool {
    Catalogue::of(lang).has(key)
}

/// The keys of a language's messages, with the variables each one uses, sorted: what the parity
/// test compares between languages.
pub fn catalogue(lang: Language) -> Vec<(String, Vec<String>)> {
    use fluent_syntax::ast;
    let mut out = Vec::new();
    for (l, name, source) in FILES {
        if *l != lang {
            continue;
        }
        let resource = fluent_syntax::parser::parse(*source)
            .unwrap_or_else(|(_, e)| panic!("{}/{name}: {e:?}", lang.code()));
        for entry in resource.body {
            if let ast::Entry::Message(m) = entry {
                let mut vars = Vec::new();
                if let Some(p) = &m.value {
                    pattern_vars(p, &mut vars);
                }
                vars.sort();
                vars.dedup();
                out.push((m.id.name.to_owned(), vars));
            }
        }
    }
    out.sort();
    out
}

fn pattern_vars(p: &fluent_syntax::ast::Pattern<&str>, vars: &mut Vec<String>) {
    use fluent_syntax::ast::{Expression, InlineExpression, PatternElement};
    fn inline(e: &InlineExpression<&str>, vars: &mut Vec<String>) {
        match e {
            InlineExpression::VariableReference { id } => vars.push(id.name.to_owned()),
            InlineExpression::Placeable { expression } => expr(expression, vars),
            InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline(a, vars);
                }
            }
            _ => {}
        }
    }
    fn expr(e: &Expression<&str>, vars: &mut Vec<String>) {
        match e {
            Expression::Select { selector, variants } => {
                inline(selector, vars);
                for v in variants {
                    pattern_vars(&v.value, vars);
                }
            }
            Expression::Inline(i) => inline(i, vars),
        }
    }
    for el in &p.elements {
        if let PatternElement::Placeable { expression } = el {
            expr(expression, vars);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_exists_in_every_language_with_the_same_placeholders() {
        let english = catalogue(Language::En);
        assert!(!english.is_empty());
        for lang in [Language::Nl, Language::Sv] {
            let other = catalogue(lang);
            let keys = |c: &[(String, Vec<String>)]| -> Vec<String> {
                c.iter().map(|(k, _)| k.clone()).collect()
            };
            let missing: Vec<_> = keys(&english)
                .into_iter()
                .filter(|k| !other.iter().any(|(o, _)| o == k))
                .collect();
            assert!(missing.is_empty(), "{lang} lacks {missing:?}");
            let extra: Vec<_> = keys(&other)
                .into_iter()
                .filter(|k| !english.iter().any(|(e, _)| e == k))
                .collect();
            assert!(extra.is_empty(), "{lang} has keys English lacks: {extra:?}");
            for ((key, en_vars), (_, vars)) in english.iter().zip(&other) {
                assert_eq!(en_vars, vars, "{lang}: {key} uses other placeholders");
            }
        }
    }

    #[test]
    fn every_message_formats_without_errors_in_every_language() {
        for lang in Language::ALL {
            for (key, vars) in catalogue(lang) {
                let args: Vec<(&str, Arg)> =
                    vars.iter().map(|v| (v.as_str(), Arg::Num(2))).collect();
                let text = tr(lang, &key, &args);
                assert!(!text.is_empty(), "{lang}: {key} is empty");
            }
        }
    }

    #[test]
    fn languages_are_read_as_people_name_them() {
        assert_eq!(Language::parse("NL"), Some(Language::Nl));
        assert_eq!(Language::parse("svenska"), Some(Language::Sv));
        assert_eq!(Language::parse("Nederlands"), Some(Language::Nl));
        assert_eq!(Language::parse("fr"), None);
        assert_eq!(Language::from_locale("sv-SE"), Some(Language::Sv));
        assert_eq!(Language::from_locale("en-GB"), Some(Language::En));
        assert_eq!(Language::from_locale("nl"), Some(Language::Nl));
        assert_eq!(Language::from_locale("de"), None);
    }

    #[test]
    fn plurals_follow_the_language() {
        for lang in Language::ALL {
            let one = tr(lang, "days", &[("count", Arg::Num(1))]);
            let many = tr(lang, "days", &[("count", Arg::Num(3))]);
            assert_ne!(one, many, "{lang}");
        }
        assert_eq!(
            tr(Language::Nl, "days", &[("count", Arg::Num(3))]),
            "3 dagen"
        );
        assert_eq!(tr(Language::Sv, "days", &[("count", Arg::Num(1))]), "1 dag");
    }
}
