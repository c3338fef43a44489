//! The double's HTTP side: each request of the bot read off its connection (HTTP/1.1 with a
//! length or chunked body, JSON or multipart with `payload_json` and files), recorded as a
//! [`Call`], answered by the REST routes, and the answer written back in one piece.

use super::{Call, Double};
use serde_json::Value;
use std::collections::HashMap;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

impl Double {
    /// Serves one connection of the bot: every request is read as a [`Call`], held while its
    /// channel is stalled, answered, recorded, and its answer written back.
    pub(super) async fn serve_http(&self, stream: TcpStream) {
        let mut stream = BufReader::new(stream);
        while let Some(mut call) = read_call(&mut stream).await {
            self.hold_if_stalled(&call).await;
            let (status, answer) = self.answer(&call);
            call.response = answer.clone().unwrap_or(Value::Null);
            {
                self.state.lock().unwrap().calls.push(call);
            }
            self.changed.notify_waiters();
            if write_answer(stream.get_mut(), status, answer.as_ref())
                .await
                .is_err()
            {
                return;
            }
        }
    }
}

/// The next request on the connection as a call not yet answered; `None` when the connection
/// ends or the request is cut short.
async fn read_call(stream: &mut BufReader<TcpStream>) -> Option<Call> {
    let mut line = String::new();
    match stream.read_line(&mut line).await {
        Ok(0) | Err(_) => return None,
        Ok(_) => {}
    }
    let mut parts = line.split_whitespace();
    let (Some(method), Some(target)) = (parts.next(), parts.next()) else {
        return None;
    };
    let (method, target) = (method.to_owned(), target.to_owned());
    let headers = read_headers(stream).await?;
    let body = read_body(stream, &headers).await?;
    let (path, query) = target.split_once('?').unwrap_or((&target, ""));
    let (path, query) = (path.to_owned(), query.to_owned());
    let path = path.strip_prefix("/api/v10").unwrap_or(&path).to_owned();
    let (json, files) = decode(headers.get("content-type"), &body);
    Some(Call {
        method,
        path,
        query,
        json,
        files,
        response: Value::Null,
    })
}

/// A request's headers, by lowercase name, up to the blank line that ends them.
async fn read_headers(stream: &mut BufReader<TcpStream>) -> Option<HashMap<String, String>> {
    let mut headers = HashMap::new();
    loop {
        let mut h = String::new();
        if stream.read_line(&mut h).await.unwrap_or(0) == 0 {
            return None;
        }
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':') {
            headers.insert(k.trim().to_ascii_lowercase(), v.trim().to_owned());
        }
    }
    Some(headers)
}

/// A request's body, of its `content-length` or in chunks (empty with neither).
async fn read_body(
    stream: &mut BufReader<TcpStream>,
    headers: &HashMap<String, String>,
) -> Option<Vec<u8>> {
    let mut body = Vec::new();
    if let Some(n) = headers
        .get("content-length")
        .and_then(|n| n.parse::<usize>().ok())
    {
        body.resize(n, 0);
        if stream.read_exact(&mut body).await.is_err() {
            return None;
        }
    } else if headers
        .get("transfer-encoding")
        .is_some_and(|t| t.contains("chunked"))
    {
        loop {
            let mut size = String::new();
            stream.read_line(&mut size).await.unwrap_or(0);
            let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            let mut chunk = vec![0; n + 2];
            if stream.read_exact(&mut chunk).await.is_err() {
                return None;
            }
            if n == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..n]);
        }
    }
    Some(body)
}

/// Writes the answer to a call: its status and its JSON body, if any.
async fn write_answer(
    stream: &mut TcpStream,
    status: u16,
    answer: Option<&Value>,
) -> std::io::Result<()> {
    let body = match answer {
        Some(v) => v.to_string(),
        None => String::new(),
    };
    let head = format!(
        "HTTP/1.1 {status} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
        if status < 300 { "OK" } else { "Error" },
        body.len()
    );
    // One write for the whole answer: written as two, the second would wait for the
    // client's delayed acknowledgement of the first (Nagle), up to 40 ms a call, a stall
    // Discord's own servers do not make.
    let answer = [head.as_bytes(), body.as_bytes()].concat();
    stream.write_all(&answer).await
}

/// The JSON of a body, or of a multipart body's `payload_json`, and its files.
fn decode(content_type: Option<&String>, body: &[u8]) -> (Value, Vec<(String, String, Vec<u8>)>) {
    let Some(ct) = content_type else {
        return (
            serde_json::from_slice(body).unwrap_or(Value::Null),
            Vec::new(),
        );
    };
    let Some(boundary) = ct
        .split("boundary=")
        .nth(1)
        .filter(|_| ct.starts_with("multipart/"))
    else {
        return (
            serde_json::from_slice(body).unwrap_or(Value::Null),
            Vec::new(),
        );
    };
    let boundary = format!("--{}", boundary.trim_matches('"'));
    let mut json = Value::Null;
    let mut files = Vec::new();
    for part in split(body, boundary.as_bytes()).into_iter().skip(1) {
        let Some(end) = find(part, b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&part[..end]).to_string();
        let mut data = &part[end + 4..];
        if data.ends_with(b"\r\n") {
            data = &data[..data.len() - 2];
        }
        let attr = |key: &str| {
            head.split(';')
                .map(str::trim)
                .find_map(|kv| kv.strip_prefix(&format!("{key}=")))
                .map(|v| {
                    v.split("\r\n")
                        .next()
                        .unwrap_or(v)
                        .trim_matches('"')
                        .to_owned()
                })
        };
        let name = attr("name").unwrap_or_default();
        if name == "payload_json" {
            json = serde_json::from_slice(data).unwrap_or(Value::Null);
        } else {
            files.push((name, attr("filename").unwrap_or_default(), data.to_vec()));
        }
    }
    (json, files)
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn split<'a>(mut body: &'a [u8], sep: &[u8]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    while let Some(i) = find(body, sep) {
        out.push(&body[..i]);
        body = &body[i + sep.len()..];
    }
    out.push(body);
    out
}
