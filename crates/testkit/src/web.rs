//! What the website's tests stand on: a service on a fresh SQLite file and the site served on a
//! loopback port; for the browser tests, a chromedriver child process, a headless Chromium driven
//! through it with `fantoccini`, and the browser's console log read back from chromedriver.
//!
//! Without `/usr/bin/chromedriver` (or Chromium) the tests say `SKIPPED: …` and pass, unless
//! `AGORA_REQUIRE_BROWSER=1` is set: then a missing browser fails them.

#![allow(dead_code)]

use agora_service::{Service, Settings, Store, StoreOptions, Templates};
use agora_web::{Site, WebSettings};
use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// How long a page may take to show what a test waits for.
pub const PATIENCE: Duration = Duration::from_secs(10);

/// Whether the browser tests can run here. Without chromedriver or Chromium they are skipped
/// (said on standard output), unless `AGORA_REQUIRE_BROWSER=1` asks for them: then this panics.
pub fn browser_available() -> bool {
    let required = std::env::var("AGORA_REQUIRE_BROWSER").is_ok_and(|v| v.trim() == "1");
    for (path, what) in [(CHROMEDRIVER, "chromedriver"), (CHROMIUM, "chromium")] {
        if !Path::new(path).exists() {
            assert!(
                !required,
                "AGORA_REQUIRE_BROWSER=1, but there is no {what} at {path}"
            );
            println!("SKIPPED: no {what}");
            return false;
        }
    }
    true
}

/// A plain HTTP/1.1 exchange with a local server: the status and the body. For chromedriver's
/// own endpoints (its status, the console log, closing a browser), outside the WebDriver client.
pub fn http(
    port: u16,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> std::io::Result<(u16, String)> {
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(2))?;
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    stream.set_write_timeout(Some(Duration::from_secs(10)))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes())?;
    // chromedriver keeps the connection open whatever the request says: read what the headers
    // announce, no more.
    let bad = |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_owned());
    let mut raw = Vec::new();
    let mut buf = [0u8; 8192];
    let head_end = loop {
        if let Some(i) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        let n = stream.read(&mut buf)?;
        if n == 0 {
            return Err(bad("the connection closed before the headers ended"));
        }
        raw.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8_lossy(&raw[..head_end]).to_ascii_lowercase();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| bad("no status"))?;
    let header = |name: &str| {
        head.lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(':').map(str::trim))
            .map(str::to_owned)
    };
    let length: Option<usize> = header("content-length").and_then(|l| l.parse().ok());
    let chunked = header("transfer-encoding").is_some_and(|t| t.contains("chunked"));
    loop {
        let body = &raw[head_end..];
        let complete = match length {
            Some(n) => body.len() >= n,
            None if chunked => body.windows(5).any(|w| w == b"0\r\n\r\n"),
            None => false,
        };
        if complete {
            break;
        }
        let n = stream.read(&mut buf)?;
        if n == 0 {
            break;
        }
        raw.extend_from_slice(&buf[..n]);
    }
    let mut body = &raw[head_end..];
    if let Some(n) = length {
        body = &body[..n.min(body.len())];
    }
    let body = String::from_utf8_lossy(body);
    let body = if chunked {
        dechunk(&body)
    } else {
        body.into_owned()
    };
    Ok((status, body))
}

fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, tail)) = rest.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || tail.len() < n {
            break;
        }
        out.push_str(&tail[..n]);
        rest = tail[n..].trim_start_matches("\r\n");
    }
    out
}

/// A port nobody listens on right now (the system's pick; chromedriver needs one named).
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("a free port");
    listener.local_addr().unwrap().port()
}

/// A chromedriver child process, ended on drop (with the browser it runs, if any).
pub struct Driver {
    child: Child,
    pub port: u16,
    /// The WebDriver id of the browser it runs.
    browser: Option<String>,
}

impl Driver {
    /// Starts chromedriver on a free port and waits until it says it is ready.
    pub fn start() -> Driver {
        for _ in 0..3 {
            let port = free_port();
            let child = Command::new(CHROMEDRIVER)
                .arg(format!("--port={port}"))
                .arg("--allowed-ips=127.0.0.1")
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap_or_else(|e| panic!("starting {CHROMEDRIVER}: {e}"));
            let mut driver = Driver {
                child,
                port,
                browser: None,
            };
            let deadline = Instant::now() + PATIENCE;
            while Instant::now() < deadline {
                if let Ok((200, body)) = http(port, "GET", "/status", None)
                    && serde_json::from_str::<Value>(&body)
                        .is_ok_and(|v| v["value"]["ready"] == json!(true))
                {
                    return driver;
                }
                if let Ok(Some(_)) = driver.child.try_wait() {
                    break; // It could not listen there (taken meanwhile): try another port.
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            drop(driver);
        }
        panic!("chromedriver did not get ready on any of three ports");
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        // Closing the browser through chromedriver ends it; killing chromedriver alone would
        // leave it behind.
        if let Some(id) = self.browser.take() {
            let _ = http(self.port, "DELETE", &format!("/session/{id}"), None);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One entry of the browser's console log, as chromedriver reports it.
#[derive(Debug, Clone)]
pub struct LogEntry {
    pub level: String,
    pub source: String,
    pub message: String,
}

/// A headless Chromium on its own chromedriver.
pub struct Browser {
    pub client: Client,
    driver: Driver,
}

impl Browser {
    /// Starts chromedriver and a headless Chromium, 1200×1000, that keeps its console log.
    pub async fn open() -> Browser {
        let mut driver = Driver::start();
        let capabilities = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": [
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--window-size=1200,1000",
                    "--no-first-run",
                    "--no-default-browser-check",
                    "--lang=en-GB",
                ],
            },
            "goog:loggingPrefs": { "browser": "ALL" },
            "timeouts": { "pageLoad": 20_000, "script": 10_000, "implicit": 0 },
        });
        let Value::Object(capabilities) = capabilities else {
            unreachable!()
        };
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = ClientBuilder::new(connector)
            .capabilities(capabilities)
            .connect(&driver.url())
            .await
            .expect("a Chromium through chromedriver");
        driver.browser = client.session_id().await.expect("the browser's id");
        assert!(
            driver.browser.is_some(),
            "chromedriver gave the browser no id"
        );
        Browser { client, driver }
    }

    /// The console entries since the last call: chromedriver hands each out once.
    pub fn console(&self) -> Vec<LogEntry> {
        let id = self.driver.browser.as_deref().expect("an open browser");
        let (status, body) = http(
            self.driver.port,
            "POST",
            &format!("/session/{id}/se/log"),
            Some(&json!({ "type": "browser" })),
        )
        .expect("the browser's log from chromedriver");
        assert_eq!(status, 200, "reading the browser's log: {body}");
        let value: Value = serde_json::from_str(&body).expect("the log as JSON");
        let text = |v: &Value| v.as_str().unwrap_or_default().to_owned();
        value["value"]
            .as_array()
            .unwrap_or_else(|| panic!("a list of log entries, not {body}"))
            .iter()
            .map(|e| LogEntry {
                level: text(&e["level"]),
                source: text(&e["source"]),
                message: text(&e["message"]),
            })
            .collect()
    }

    /// Fails if the console shows an error (`SEVERE`: a script error, a Content-Security-Policy
    /// violation, a resource that failed to load) since the last look.
    pub fn assert_no_console_errors(&self, after: &str) {
        let errors: Vec<String> = self
            .console()
            .into_iter()
            .filter(|e| e.level == "SEVERE")
            .map(|e| format!("  [{}] {}", e.source, e.message))
            .collect();
        assert!(
            errors.is_empty(),
            "the browser's console shows errors after {after}:\n{}",
            errors.join("\n")
        );
    }

    /// Runs a script in the page and returns what it returns.
    pub async fn js(&self, script: &str) -> Value {
        self.client
            .execute(script, Vec::new())
            .await
            .unwrap_or_else(|e| panic!("running {script}: {e}"))
    }

    /// Closes the browser and ends chromedriver.
    pub async fn close(mut self) {
        let id = self.driver.browser.take();
        if let Err(e) = self.client.close().await {
            // The browser is gone either way once chromedriver is: say so, and let the drop
            // end it directly.
            eprintln!("closing the browser: {e}");
            self.driver.browser = id;
        }
    }
}

/// A service on a fresh SQLite file of its own (named after `test`), its randomness seeded, and
/// the directory holding the file.
/// The website's public address in the tests.
pub const SITE: &str = "https://agora.example.test";

pub async fn fresh_service(test: &str, seed: u64) -> (Arc<Service>, PathBuf) {
    let dir = std::env::temp_dir().join(format!("agora-web-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store = Store::open(&dir.join("agora.db"), &StoreOptions::default())
        .await
        .unwrap();
    let service = Service::new(
        store,
        Templates::load(None).unwrap(),
        Settings {
            seed: Some(seed),
            // The website's public address, which the calendars' addresses start with.
            site_url: Some(SITE.to_owned()),
            ..Settings::default()
        },
    );
    (Arc::new(service), dir)
}

/// The site served on a loopback port until [`Served::stop`], and its `/metrics` and
/// `/healthz` on another (the admin listener).
pub struct Served {
    pub base: String,
    admin: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
    admin_task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Served {
    pub async fn start(service: Arc<Service>) -> Served {
        Served::start_with(service, Default::default()).await
    }

    /// [`Served::start`] within other bounds.
    pub async fn start_with(service: Arc<Service>, limits: agora_web::WebLimits) -> Served {
        let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .await
            .expect("a loopback port for the site");
        let addr = listener.local_addr().unwrap();
        let base = format!("http://{addr}");
        let site = Site::new(
            service,
            WebSettings {
                listen: addr,
                base_url: base.clone(),
                admin_listen: None,
                limits,
                discord_invite: None,
                mail_address: None,
            },
        );
        let admin_listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .await
            .expect("a loopback port for the admin listener");
        let admin = admin_listener.local_addr().unwrap().to_string();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let (admin_stop, admin_stopped) = tokio::sync::oneshot::channel::<()>();
        let admin_task = tokio::spawn(agora_web::serve_admin(
            admin_listener,
            site.clone(),
            async move {
                let _ = admin_stopped.await;
            },
        ));
        let task = tokio::spawn(agora_web::serve(listener, site, async move {
            let _ = stopped.await;
            let _ = admin_stop.send(());
        }));
        Served {
            base,
            admin,
            stop: Some(stop),
            task,
            admin_task,
        }
    }

    /// The host and port of the admin listener (`/metrics`, `/healthz`).
    pub fn admin_address(&self) -> &str {
        &self.admin
    }

    /// The host and port the site listens on.
    pub fn address(&self) -> &str {
        self.base.trim_start_matches("http://")
    }

    /// The address of a path on the site.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Asks the site to stop and waits (a few seconds at most) until it has.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let ended = tokio::time::timeout(Duration::from_secs(5), &mut self.task)
            .await
            .expect("the site stops within 5 s of being asked");
        ended
            .expect("the site's task did not panic")
            .expect("the site stopped without an error");
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        self.task.abort();
        self.admin_task.abort();
    }
}
