//! A skeleton kofun discovery provider for the kofun-ctk persistent process protocol (PROTOCOL.md at the root of the
//! kit), in Rust with the standard library only. It speaks the whole protocol: the framing, the handshake, fixtures
//! kept by their SHA-256, queries, errors and shutdown; `kofun-ctk smoke` passes on it. The lookup itself is where a
//! compiler's discovery service plugs in: until then every query is answered with an `unsupported` error, which the
//! gate reports as ERROR, and never with a guess.
//!
//! Build and check the connection from the kit's folder:
//!
//!     cargo build --release --manifest-path examples/rust-provider/Cargo.toml
//!     npx kofun-ctk smoke --process examples/rust-provider/target/release/kofun-rust-provider

use std::collections::HashMap;
use std::io::{self, BufRead, BufReader, Read, Write};

const PROTOCOL: &str = "kofun.ctk.provider-protocol/v1";
/// A header line is at most 128 bytes, its LF included.
const MAX_HEADER: usize = 128;
/// The features (PROTOCOL.md, "Features") this provider does not implement yet: the runner leaves their vectors
/// NOT-APPLICABLE instead of sending them. Drop each one as it is implemented.
const MISSING_FEATURES: [&str; 4] = ["explain-operation", "include-unavailable", "release-cost", "step-budget"];

/// One frame: `KCTK1 <type> <id> <ref> <length>\n` and exactly `length` bytes.
struct Frame {
    kind: String,
    id: u32,
    reference: String,
    body: Vec<u8>,
}

/// Reads the next frame; `Ok(None)` at the end of input, `Err` when the runner broke the framing.
fn read_frame(input: &mut impl BufRead) -> Result<Option<Frame>, String> {
    let mut header = Vec::with_capacity(MAX_HEADER);
    let read = input
        .by_ref()
        .take(MAX_HEADER as u64)
        .read_until(b'\n', &mut header)
        .map_err(|e| e.to_string())?;
    if read == 0 {
        return Ok(None);
    }
    if header.last() != Some(&b'\n') {
        return Err("header line too long or cut".into());
    }
    let text = std::str::from_utf8(&header[..header.len() - 1]).map_err(|_| "header is not ASCII".to_string())?;
    let parts: Vec<&str> = text.split(' ').collect();
    if parts.len() != 5 || parts[0] != "KCTK1" {
        return Err(format!("bad header {text:?}"));
    }
    let id = parts[2].parse::<u32>().map_err(|_| "bad id".to_string())?;
    let length = parts[4].parse::<u32>().map_err(|_| "bad length".to_string())? as usize;
    let mut body = vec![0; length];
    input.read_exact(&mut body).map_err(|_| "body cut short".to_string())?;
    Ok(Some(Frame { kind: parts[1].to_string(), id, reference: parts[3].to_string(), body }))
}

fn write_frame(out: &mut impl Write, kind: &str, id: u32, reference: &str, body: &[u8]) -> io::Result<()> {
    out.write_all(format!("KCTK1 {kind} {id} {reference} {}\n", body.len()).as_bytes())?;
    out.write_all(body)?;
    out.flush()
}

/// A JSON string literal: the few names this provider writes hold no character that needs more than these escapes.
fn json_string(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

fn hello() -> Vec<u8> {
    let missing: Vec<String> = MISSING_FEATURES.iter().map(|f| json_string(f)).collect();
    format!(
        "{{\"protocol\":{},\"name\":{},\"version\":{},\"interpretations\":[],\"missing_features\":[{}]}}",
        json_string(PROTOCOL),
        json_string("rust skeleton provider"),
        json_string(option_env!("CARGO_PKG_VERSION").unwrap_or("0.1.0")),
        missing.join(",")
    )
    .into_bytes()
}

/// The answer to one query: the canonical `kofun.discovery.result/v1` bytes, final LF included, or an error code and
/// message. This is where the provider's lookup goes (the contract's steps 1 to 9; the Python example shows them).
fn answer(_fixture: &[u8], _request: &[u8]) -> Result<Vec<u8>, (&'static str, String)> {
    Err(("unsupported", "the lookup is not implemented yet".to_string()))
}

fn serve(input: &mut impl BufRead, out: &mut impl Write) -> Result<(), String> {
    // Fixtures by the SHA-256 the runner names them by. A real provider checks the digest of the body it received
    // (PROTOCOL.md, "Fixtures") with a SHA-256 implementation, and answers `error bad-fixture` on a mismatch.
    let mut fixtures: HashMap<String, Vec<u8>> = HashMap::new();
    let io = |e: io::Error| e.to_string();
    while let Some(frame) = read_frame(input)? {
        match frame.kind.as_str() {
            "hello" => write_frame(out, "hello", 0, "-", &hello()).map_err(io)?,
            "load-fixture" => {
                fixtures.insert(frame.reference.clone(), frame.body);
                write_frame(out, "fixture-loaded", frame.id, &frame.reference, b"").map_err(io)?;
            }
            "query" => match fixtures.get(&frame.reference) {
                None => write_frame(out, "error", frame.id, "unknown-fixture", b"no fixture with that sha256").map_err(io)?,
                Some(fixture) => match answer(fixture, &frame.body) {
                    Ok(result) => write_frame(out, "result", frame.id, "-", &result).map_err(io)?,
                    Err((code, message)) => write_frame(out, "error", frame.id, code, message.as_bytes()).map_err(io)?,
                },
            },
            "shutdown" => {
                write_frame(out, "bye", 0, "-", b"").map_err(io)?;
                return Ok(());
            }
            other => write_frame(out, "error", frame.id, "bad-message", format!("unexpected message {other}").as_bytes())
                .map_err(io)?,
        }
    }
    Ok(())
}

fn main() {
    let stdin = io::stdin();
    let mut input = BufReader::new(stdin.lock());
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if let Err(fault) = serve(&mut input, &mut out) {
        eprintln!("rust skeleton provider: protocol fault: {fault}");
        std::process::exit(2);
    }
}
