//! `agora serve`: the long-running service. Reads the configuration, opens the database (applying
//! migrations), starts every configured front end and the deadline scheduler, logs with
//! `tracing`, and stops cleanly on SIGINT or SIGTERM: running loops finish their current step, the
//! database is closed, and the process exits 0.

use crate::config::Config;
use agora_service::{Service, Store, Templates};
use anyhow::Context;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tokio::task::JoinSet;

#[derive(Args)]
pub struct ServeArgs {
    /// The configuration file; default `config/agora.toml` if it exists, else the defaults.
    #[arg(long)]
    config: Option<PathBuf>,
}

pub fn run(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let config = Config::load(args.config.as_deref())?;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .or_else(|_| tracing_subscriber::EnvFilter::try_new(&config.log.filter))
        .context("log.filter")?;
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    let mut runtime = tokio::runtime::Builder::new_multi_thread();
    // An explicit TOKIO_WORKER_THREADS is the operator's choice, which tokio reads itself.
    if std::env::var_os("TOKIO_WORKER_THREADS").is_none() {
        runtime.worker_threads(worker_threads());
    }
    runtime.enable_all().build()?.block_on(serve(config))
}

/// The most worker threads `agora serve` starts, whatever the number of cores.
const MAX_WORKERS: usize = 4;

/// One worker per core, at most [`MAX_WORKERS`]. Every command waits for the one SQLite writer,
/// so more workers add no throughput, while each keeps memory of its own (its allocator arena and
/// buffers): after 10,000 commands `cargo bench --bench serve_scale` measured 36.8 MB resident
/// (13.9 MB of heap) with 2 workers at 174 commands/s, and 47.7 MB (24.9 MB) with 16 at 138.
/// tokio's default is one per core.
fn worker_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(MAX_WORKERS)
}

/// `[mail]` with the passwords from AGORA_IMAP_PASSWORD and AGORA_SMTP_PASSWORD.
fn mail_settings(config: &Config) -> anyhow::Result<agora_mail::MailSettings> {
    let section: agora_mail::MailConfig = toml::Value::Table(config.mail.rest.clone())
        .try_into()
        .context("[mail]")?;
    let imap_password =
        std::env::var("AGORA_IMAP_PASSWORD").context("[mail] needs AGORA_IMAP_PASSWORD")?;
    let smtp_password = std::env::var("AGORA_SMTP_PASSWORD").ok();
    Ok(section.into_settings(imap_password, smtp_password)?)
}

/// `[discord]` with the bot token from AGORA_DISCORD_TOKEN.
fn discord_settings(config: &Config) -> anyhow::Result<agora_discord::DiscordSettings> {
    let section: agora_discord::DiscordConfig = toml::Value::Table(config.discord.rest.clone())
        .try_into()
        .context("[discord]")?;
    let token =
        std::env::var("AGORA_DISCORD_TOKEN").context("[discord] needs AGORA_DISCORD_TOKEN")?;
    Ok(section.into_settings(token)?)
}

/// Resolves on the first SIGINT or SIGTERM.
async fn shutdown_signal() -> anyhow::Result<&'static str> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut term = signal(SignalKind::terminate())?;
    let mut int = signal(SignalKind::interrupt())?;
    Ok(tokio::select! {
        _ = term.recv() => "SIGTERM",
        _ = int.recv() => "SIGINT",
    })
}

async fn serve(config: Config) -> anyhow::Result<ExitCode> {
    let url = config.database.url()?;
    let store = Store::connect(&url, &config.store_options()?)
        .await
        .with_context(|| format!("opening {url}"))?;
    let migrations = store.applied_migrations().await?;
    tracing::info!(database = %url, migrations = ?migrations, "database ready");
    let templates = Templates::load(config.service.templates_dir.as_deref())?;
    let service = Arc::new(Service::new(store, templates, config.settings()?));
    let (stop, stopped) = watch::channel(false);
    let mut tasks = JoinSet::new();

    let mut front_ends = Vec::new();
    if config.mail.enabled {
        let settings = mail_settings(&config)?;
        let front = agora_mail::MailFrontEnd::new(service.clone(), settings)?;
        let shutdown = on_stop(&stopped);
        tasks.spawn(async move {
            match front.run(shutdown).await {
                Ok(()) => tracing::info!("mail front end stopped"),
                Err(e) => tracing::error!(error = %e, "mail front end failed"),
            }
        });
        front_ends.push("mail");
    }
    if config.discord.enabled {
        let settings = discord_settings(&config)?;
        let front = agora_discord::DiscordFrontEnd::new(service.clone(), settings);
        let shutdown = on_stop(&stopped);
        tasks.spawn(async move {
            match front.run(shutdown).await {
                Ok(()) => tracing::info!("discord front end stopped"),
                Err(e) => tracing::error!(error = %e, "discord front end failed"),
            }
        });
        front_ends.push("discord");
    }
    if let Some(web) = config.web_settings()? {
        start_website(&mut tasks, &service, web, &stopped).await?;
    }
    if front_ends.is_empty() {
        tracing::warn!(
            "no front end is configured: enable [discord] or [mail] in the config to let people play; \
             running the scheduler only"
        );
    }
    let every = Duration::from_secs(config.service.sweep_seconds.max(1));
    start_scheduler(&mut tasks, &service, every, &stopped);
    if config.ai.analysis_threads > 0 {
        start_analysis(&mut tasks, &service, every, &stopped);
    }

    tracing::info!("agora is running; stop with Ctrl-C or SIGTERM");
    let signal = shutdown_signal().await?;
    tracing::info!(signal, "shutting down");
    let _ = stop.send(true);
    while tasks.join_next().await.is_some() {}
    service.store().close().await;
    tracing::info!("stopped");
    Ok(ExitCode::SUCCESS)
}

/// Resolves once the process is told to stop: the shutdown a task is handed.
fn on_stop(stopped: &watch::Receiver<bool>) -> impl Future<Output = ()> + Send + 'static {
    let mut stopped = stopped.clone();
    async move {
        let _ = stopped.changed().await;
    }
}

/// The website, and its metrics and health listener when `web.admin_listen` names one: both
/// addresses are bound before anything is served, so a taken port stops the start.
async fn start_website(
    tasks: &mut JoinSet<()>,
    service: &Arc<Service>,
    web: agora_web::WebSettings,
    stopped: &watch::Receiver<bool>,
) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(web.listen)
        .await
        .with_context(|| format!("web.listen: binding {}", web.listen))?;
    let address = listener.local_addr()?;
    let admin = match web.admin_listen {
        Some(at) => Some(
            tokio::net::TcpListener::bind(at)
                .await
                .with_context(|| format!("web.admin_listen: binding {at}"))?,
        ),
        None => None,
    };
    let site = agora_web::Site::new(service.clone(), web);
    if let Some(admin) = admin {
        let address = admin.local_addr()?;
        let site = site.clone();
        let shutdown = on_stop(stopped);
        tasks.spawn(async move {
            if let Err(e) = agora_web::serve_admin(admin, site, shutdown).await {
                tracing::error!(error = %e, "metrics and health listener failed");
            }
        });
        tracing::info!(
            address = %format!("http://{address}/"),
            "metrics and health listening"
        );
    }
    let shutdown = on_stop(stopped);
    tasks.spawn(async move {
        match agora_web::serve(listener, site, shutdown).await {
            Ok(()) => tracing::info!("website stopped"),
            Err(e) => tracing::error!(error = %e, "website failed"),
        }
    });
    tracing::info!(address = %format!("http://{address}/"), "website listening");
    Ok(())
}

/// The scheduler, sweeping for due games `every` so long: deadlines live in an indexed column,
/// so a restart loses nothing.
fn start_scheduler(
    tasks: &mut JoinSet<()>,
    service: &Arc<Service>,
    every: Duration,
    stopped: &watch::Receiver<bool>,
) {
    let service = service.clone();
    let mut stopped = stopped.clone();
    tasks.spawn(async move {
        let mut tick = tokio::time::interval(every);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = stopped.changed() => break,
            }
            match service.sweep(service.now()).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(games = n, "deadline sweep"),
                Err(e) => tracing::error!(error = %e, "deadline sweep failed"),
            }
        }
        tracing::info!("scheduler stopped");
    });
}

/// The post-game analysis: one game at a time, taken from the queue in the database, looking
/// again `every` so long when the queue is empty.
fn start_analysis(
    tasks: &mut JoinSet<()>,
    service: &Arc<Service>,
    every: Duration,
    stopped: &watch::Receiver<bool>,
) {
    let service = service.clone();
    let mut stopped = stopped.clone();
    tasks.spawn(async move {
        let holder = agora_service::lease::holder_name_of(std::process::id());
        loop {
            let analysed = tokio::select! {
                r = service.analyse_next(&holder) => r,
                _ = stopped.changed() => break,
            };
            match analysed {
                // Another may be waiting: on at once.
                Ok(Some(_)) => continue,
                Ok(None) => {}
                Err(e) => tracing::error!(error = %e, "post-game analysis failed"),
            }
            tokio::select! {
                _ = tokio::time::sleep(every) => {}
                _ = stopped.changed() => break,
            }
        }
        tracing::info!("analysis stopped");
    });
}
