//! Tests of reading the configuration: the shipped files, the database's URL, and the bounds
//! the keys are checked against.

use super::*;

/// The shipped file parses, and says exactly the defaults.
#[test]
fn shipped_config_is_the_defaults() {
    let text = include_str!("../../../../config/agora.toml");
    let c: Config = toml::from_str(text).unwrap();
    let d = Config::default();
    assert_eq!(c.database.url().unwrap(), d.database.url().unwrap());
    assert_eq!(d.database.url().unwrap(), "sqlite:agora.db");
    assert_eq!(c.database.synchronous, d.database.synchronous);
    assert_eq!(c.game.default_days, d.game.default_days);
    assert_eq!(c.game.reminder_hours, d.game.reminder_hours);
    assert_eq!(c.service.sweep_seconds, d.service.sweep_seconds);
    assert_eq!(c.service.keep_days, d.service.keep_days);
    assert_eq!(c.service.parallel_sends, d.service.parallel_sends);
    assert_eq!(
        c.service.send_timeout_seconds,
        d.service.send_timeout_seconds
    );
    assert_eq!(c.service.send_pass_seconds, d.service.send_pass_seconds);
    assert_eq!(c.service.max_send_attempts, d.service.max_send_attempts);
    assert_eq!(c.service.max_searches, d.service.max_searches);
    assert_eq!(c.ai.analysis_threads, d.ai.analysis_threads);
    assert_eq!(
        c.game.tournaments_per_organiser,
        d.game.tournaments_per_organiser
    );
    assert_eq!(c.game.tournament_time_losses, d.game.tournament_time_losses);
    assert_eq!(c.ai.analysis_ms, d.ai.analysis_ms);
    assert_eq!(c.game.max_watchers_per_game, d.game.max_watchers_per_game);
    assert_eq!(c.game.max_computer_games, d.game.max_computer_games);
    assert!(!c.discord.enabled && !c.mail.enabled);
    assert_eq!(
        (c.web.enabled, &c.web.listen, &c.web.base_url),
        (d.web.enabled, &d.web.listen, &d.web.base_url)
    );
    // The Discord section is read by its crate, which refuses unknown keys: the shipped one
    // must parse there too, with the defaults.
    let discord: agora_discord::DiscordConfig = toml::Value::Table(c.discord.rest.clone())
        .try_into()
        .unwrap();
    let default = agora_discord::DiscordConfig::default();
    assert_eq!(discord.rest_timeout_seconds, default.rest_timeout_seconds);
    assert_eq!(discord.max_attempts, default.max_attempts);
}

/// The container's file (`contrib/container.toml`) parses, keeps the database in the volume
/// and listens where a published port reaches the site.
#[test]
fn container_config_loads() {
    let text = include_str!("../../../../contrib/container.toml");
    let c: Config = toml::from_str(text).unwrap();
    assert_eq!(
        c.database.sqlite_path().unwrap().as_deref(),
        Some(std::path::Path::new("/var/lib/agora/agora.db"))
    );
    let web = c.web_settings().unwrap().expect("the website is on");
    assert_eq!(web.listen.to_string(), "0.0.0.0:8080");
    c.settings().unwrap();
    c.store_options().unwrap();
}

/// `[database] url` chooses the engine; `path` still names a SQLite file; both at once, a URL
/// of neither kind, or a password written in the URL are refused with what to do instead.
#[test]
fn the_database_is_named_by_url_or_path() {
    let read = |text: &str| toml::from_str::<Config>(text).unwrap().database;
    assert_eq!(
        read("[database]\nurl = \"postgres://agora@db.example/agora\"")
            .url()
            .unwrap(),
        "postgres://agora@db.example/agora"
    );
    let lite = read("[database]\npath = \"/srv/agora.db\"");
    assert_eq!(lite.url().unwrap(), "sqlite:/srv/agora.db");
    assert_eq!(
        lite.sqlite_path().unwrap().as_deref(),
        Some(std::path::Path::new("/srv/agora.db"))
    );
    let postgres = read("[database]\nurl = \"postgresql://agora@127.0.0.1:5432/agora\"");
    assert_eq!(postgres.sqlite_path().unwrap(), None);
    let both = read("[database]\nurl = \"sqlite:a.db\"\npath = \"b.db\"");
    assert!(both.url().unwrap_err().to_string().contains("give one"));
    let neither = read("[database]\nurl = \"mysql://agora@db/agora\"");
    assert!(
        neither
            .url()
            .unwrap_err()
            .to_string()
            .contains("not `mysql:")
    );
    for url in [
        "postgres://agora:hunter2@db/agora",
        "postgres://agora@db/agora?password=hunter2",
        "postgres://agora@db/agora?sslmode=require&PassWord=hunter2",
        "postgres://agora@db/agora?pass%77ord=hunter2",
        "postgres://agora@db/agora?passfile=/tmp/hunter2",
    ] {
        let secret = read(&format!("[database]\nurl = \"{url}\""));
        let err = secret.url().unwrap_err().to_string();
        assert!(
            err.contains("PGPASSWORD") && !err.contains("hunter2"),
            "{url}: {err}"
        );
    }
    assert!(
        read("[database]\nurl = \"postgres://agora@db/agora?sslmode=require\"")
            .url()
            .is_ok()
    );
}

/// The delivery keys are at least 1; a 0 is refused with the key's name.
#[test]
fn delivery_keys_refuse_zero() {
    for key in [
        "parallel_sends",
        "send_timeout_seconds",
        "send_pass_seconds",
        "max_send_attempts",
    ] {
        let c: Config = toml::from_str(&format!("[service]\n{key} = 0\n")).unwrap();
        let err = c.settings().unwrap_err().to_string();
        assert!(err.contains(key), "{err}");
    }
    let c: Config = toml::from_str("[service]\nparallel_sends = 9\n").unwrap();
    assert_eq!(c.settings().unwrap().parallel_sends, 9);
}

/// The bounds on watchers, games against the computer and searches at once are at least 1,
/// a 0 refused with the key's name; what the file says reaches the service.
#[test]
fn bounds_are_read_and_refuse_zero() {
    let d = Config::default().settings().unwrap();
    assert_eq!(
        (
            d.max_watchers_per_game,
            d.max_computer_games,
            d.max_searches
        ),
        (100, 5, 2)
    );
    for (section, key) in [
        ("game", "max_watchers_per_game"),
        ("game", "max_computer_games"),
        ("service", "max_searches"),
    ] {
        let c: Config = toml::from_str(&format!("[{section}]\n{key} = 0\n")).unwrap();
        let err = c.settings().unwrap_err().to_string();
        assert!(err.contains(&format!("{section}.{key}")), "{err}");
    }
    let c: Config = toml::from_str(
        "[game]\nmax_watchers_per_game = 7\nmax_computer_games = 3\n\
         [service]\nmax_searches = 4\n",
    )
    .unwrap();
    let s = c.settings().unwrap();
    assert_eq!(
        (
            s.max_watchers_per_game,
            s.max_computer_games,
            s.max_searches
        ),
        (7, 3, 4)
    );
}

/// `keep_days` is 0 or long enough to outlive redeliveries; anything else is refused.
#[test]
fn keep_days_is_zero_or_at_least_a_week() {
    let read = |days: u32| {
        toml::from_str::<Config>(&format!("[service]\nkeep_days = {days}\n"))
            .unwrap()
            .settings()
    };
    assert_eq!(read(0).unwrap().keep_days, 0);
    assert_eq!(read(7).unwrap().keep_days, 7);
    assert_eq!(read(365).unwrap().keep_days, 365);
    let err = read(3).unwrap_err().to_string();
    assert!(
        err.contains("keep_days") && err.contains("at least 7"),
        "{err}"
    );
    assert_eq!(Config::default().settings().unwrap().keep_days, 30);
}
