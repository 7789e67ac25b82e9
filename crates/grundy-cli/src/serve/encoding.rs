//! Content encodings: which ones a request accepts (its `Accept-Encoding`), and
//! gzip and Brotli compression, for the embedded pages ([`super::assets`], each
//! compressed once in both and sent in the smaller) and the API's answers
//! ([`compress`]).

use std::io::Write;

use axum::body::{Body, HttpBody};
use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::ApiError;

/// An answer's encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// As it is.
    Identity,
    /// gzip.
    Gzip,
    /// Brotli.
    Brotli,
}

impl Encoding {
    /// Every encoding, in the API's order of preference (measured on its answers,
    /// Chomp's drawings, sequence plots and positions: Brotli at quality 5 is 10 to
    /// 40% smaller than gzip at level 6 in about the same time).
    pub const ALL: [Encoding; 3] = [Encoding::Brotli, Encoding::Gzip, Encoding::Identity];

    /// Its name in `Accept-Encoding` and `Content-Encoding`.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Identity => "identity",
            Encoding::Gzip => "gzip",
            Encoding::Brotli => "br",
        }
    }

    /// `bytes` in this encoding, compressed as hard as `effort` says.
    pub fn encode(self, bytes: &[u8], effort: Effort) -> Vec<u8> {
        match self {
            Encoding::Identity => bytes.to_vec(),
            Encoding::Gzip => {
                let level = match effort {
                    Effort::Once => 9,
                    Effort::EachTime => 6,
                };
                let mut encoder = flate2::write::GzEncoder::new(
                    Vec::with_capacity(bytes.len() / 4),
                    flate2::Compression::new(level),
                );
                encoder.write_all(bytes).expect("a Vec takes every byte");
                encoder.finish().expect("a Vec takes every byte")
            }
            Encoding::Brotli => {
                let quality = match effort {
                    Effort::Once => 11,
                    Effort::EachTime => 5,
                };
                let mut out = Vec::with_capacity(bytes.len() / 4);
                {
                    let mut writer = brotli::CompressorWriter::new(&mut out, 4096, quality, 22);
                    writer.write_all(bytes).expect("a Vec takes every byte");
                }
                out
            }
        }
    }
}

/// How hard to compress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effort {
    /// Once for the life of the server (the embedded pages): the smallest.
    Once,
    /// For each answer (the API's): fast, a few milliseconds for 250 KB.
    EachTime,
}

/// What a request's `Accept-Encoding` says of each encoding: its quality, 0 to
/// 1000 (0: refused). With no such header, only the identity is accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Accepted {
    gzip: u16,
    brotli: u16,
    identity: u16,
}

impl Accepted {
    /// The encodings `headers` accept.
    pub fn of(headers: &HeaderMap) -> Self {
        let mut listed = [None::<u16>; 3];
        let mut any = None;
        let mut asked = false;
        for value in headers.get_all(header::ACCEPT_ENCODING) {
            asked = true;
            let Ok(value) = value.to_str() else { continue };
            for item in value.split(',') {
                let mut parts = item.split(';');
                let name = parts.next().unwrap_or_default().trim();
                let quality = parts
                    .filter_map(|p| p.trim().strip_prefix("q="))
                    .map(quality)
                    .next()
                    .unwrap_or(1000);
                let slot = match name.to_ascii_lowercase().as_str() {
                    "br" => &mut listed[0],
                    "gzip" | "x-gzip" => &mut listed[1],
                    "identity" => &mut listed[2],
                    "*" => &mut any,
                    _ => continue,
                };
                *slot = Some(quality);
            }
        }
        if !asked {
            return Accepted {
                gzip: 0,
                brotli: 0,
                identity: 1000,
            };
        }
        let [brotli, gzip, identity] = listed;
        Accepted {
            brotli: brotli.or(any).unwrap_or(0),
            gzip: gzip.or(any).unwrap_or(0),
            // The identity is acceptable unless refused by name, or by `*` unnamed.
            identity: identity.or(any.filter(|&q| q == 0)).unwrap_or(1),
        }
    }

    /// The quality `encoding` is accepted at (0: refused).
    pub fn quality(self, encoding: Encoding) -> u16 {
        match encoding {
            Encoding::Identity => self.identity,
            Encoding::Gzip => self.gzip,
            Encoding::Brotli => self.brotli,
        }
    }

    /// Of `offered` (in order of preference), the first of the best quality; the
    /// identity where all are refused (the answer has to be sent in some encoding).
    pub fn choose(self, offered: impl IntoIterator<Item = Encoding>) -> Encoding {
        offered
            .into_iter()
            .filter(|&e| self.quality(e) > 0)
            .fold(None, |best: Option<Encoding>, e| match best {
                Some(b) if self.quality(b) >= self.quality(e) => Some(b),
                _ => Some(e),
            })
            .unwrap_or(Encoding::Identity)
    }
}

/// A q-value as thousandths: `0.5` is 500; unreadable is 0.
fn quality(text: &str) -> u16 {
    let q: f64 = text.trim().parse().unwrap_or(0.0);
    (q.clamp(0.0, 1.0) * 1000.0).round() as u16
}

/// The smallest answer worth compressing: below it, the bytes saved are a few
/// dozen, within one packet.
pub const COMPRESS_ABOVE: usize = 1024;

/// Compresses an API answer over [`COMPRESS_ABOVE`] bytes in the best encoding the
/// request accepts ([`Encoding::ALL`]'s order breaks ties); every answer says that
/// it varies with `Accept-Encoding`.
pub async fn compress(request: Request, next: Next) -> Response {
    let accepted = Accepted::of(request.headers());
    let response = next.run(request).await;
    let (mut parts, body) = response.into_parts();
    parts
        .headers
        .append(header::VARY, HeaderValue::from_static("accept-encoding"));
    let encoding = accepted.choose(Encoding::ALL);
    let small = HttpBody::size_hint(&body)
        .exact()
        .is_some_and(|size| size <= COMPRESS_ABOVE as u64);
    if encoding == Encoding::Identity
        || small
        || parts.headers.contains_key(header::CONTENT_ENCODING)
    {
        return Response::from_parts(parts, body);
    }
    // The API's answers are whole strings already: collecting one copies nothing.
    let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
        return ApiError::internal().into_response();
    };
    if bytes.len() <= COMPRESS_ABOVE {
        return Response::from_parts(parts, Body::from(bytes));
    }
    let compressed = encoding.encode(&bytes, Effort::EachTime);
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_ENCODING,
        HeaderValue::from_static(encoding.name()),
    );
    Response::from_parts(parts, Body::from(compressed))
}
